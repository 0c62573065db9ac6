// Every rule of the explainer is taught by one lesson section, which the lesson names in its
// explain-rules.json: each rule has one, each named rule exists, and each anchor is a heading
// of that lesson, slugged as the site slugs them (github-slugger, as Astro does). A broken
// file is refused naming the file and the field.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';
import { ruleSections } from '../../sandbox/course/rule-sections.ts';
import { RULES } from '../../sandbox/explain/rules/index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function anchorsOf(slug: string): string[] {
  const folder = lessonFolders(ROOT).find((f) => f.slug === slug);
  if (!folder) return [];
  const slugger = new GithubSlugger();
  const text = readFileSync(join(ROOT, folder.folder, 'lesson.mdx'), 'utf8');
  return [...text.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
    slugger.slug(m[1]!.replace(/`([^`]*)`/g, '$1')),
  );
}

const sections = ruleSections(ROOT);

describe('the lesson section of each rule', () => {
  it('has rules with ids of their own, each taught by a lesson, and names no other', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !sections.has(id))).toEqual([]);
    expect([...sections.keys()].filter((id) => !ids.includes(id))).toEqual([]);
  });

  it.each([...sections].map(([rule, href]) => ({ rule, href })))(
    '$rule links a heading of its lesson ($href)',
    ({ href }) => {
      const [, slug, anchor] = /^\/lessons\/([^/]+)\/#(.+)$/.exec(href)!;
      expect(anchorsOf(slug!)).toContain(anchor);
    },
  );

  it('sees the anchors the built site has (the slugging itself works)', () => {
    expect(anchorsOf('the-wire')).toContain('the-old-httpsse-transport');
    expect(anchorsOf('stdout-belongs-to-the-protocol')).toContain('why-the-r-does-not-save-it');
  });

  it('refuses a broken file naming it and the field, and a rule two lessons claim', () => {
    const copy = mkdtempSync(join(tmpdir(), 'rule-sections-'));
    try {
      cpSync(join(ROOT, 'lessons'), join(copy, 'lessons'), {
        recursive: true,
        filter: (p) => !p.includes('/captures') && !p.includes('/exercises'),
      });
      const file = 'lessons/04-tools-in-depth/explain-rules.json';
      writeFileSync(join(copy, file), JSON.stringify({ 'Not-Kebab': 'x', ok: 'Bad Anchor' }));
      expect(() => ruleSections(copy)).toThrow(`${file}: Not-Kebab: a rule id is kebab-case`);
      writeFileSync(join(copy, file), JSON.stringify({ 'notification-id': 'a' }));
      expect(() => ruleSections(copy)).toThrow(
        `${file}: notification-id: lessons/02-the-wire/explain-rules.json already teaches this rule`,
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

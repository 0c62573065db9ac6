// Every rule names the lesson section that teaches it: the lesson must exist and the anchor
// must be one of its headings, slugged as the site slugs them (github-slugger, as Astro does).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';
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

describe('the lesson each rule links', () => {
  it('has rules with ids of their own', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toBe(true);
  });

  it.each(RULES.map((r) => ({ id: r.id, ...r.lesson })))(
    '$id links a heading of lesson $slug',
    ({ slug, anchor }) => {
      expect(anchorsOf(slug)).toContain(anchor);
    },
  );

  it('sees the anchors the built site has (the slugging itself works)', () => {
    expect(anchorsOf('the-wire')).toContain('the-old-httpsse-transport');
    expect(anchorsOf('stdout-belongs-to-the-protocol')).toContain('why-the-r-does-not-save-it');
  });
});

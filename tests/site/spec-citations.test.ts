// Every link a lesson makes into the MCP specification names a section that exists in the
// list kept in lessons/spec-sections.json, under the name the lesson gives it, and the anchor
// lesson cites its normative claims from the revision its frontmatter names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';

interface Section {
  name: string;
  path: string;
}
const data = JSON.parse(readFileSync('lessons/spec-sections.json', 'utf8')) as {
  base: string;
  revisions: Record<string, Section[]>;
};
const known = Object.entries(data.revisions).flatMap(([revision, sections]) =>
  sections.map((s) => ({ ...s, revision, url: `${data.base}/${revision}${s.path}` })),
);

/** Markdown links `[text](url)` into the spec, with the text as written. */
function specLinks(source: string) {
  const links: { text: string; url: string }[] = [];
  for (const match of source.matchAll(
    /\[([^\]]+)\]\((https:\/\/modelcontextprotocol\.io[^)\s]*)\)/g,
  )) {
    links.push({ text: match[1]!.replace(/\s+/g, ' '), url: match[2]! });
  }
  return links;
}

/** A link's text is the section's name, or its tail after "… › " when the page is clear. */
const names = (text: string, name: string) =>
  text === name || (text.startsWith('… › ') && name.endsWith(` › ${text.slice(4)}`));

const lessons = lessonFolders().map((lesson) => lesson.file);

describe('spec citations in lessons', () => {
  it('the section list is well formed: unique names and addresses per revision', () => {
    for (const sections of Object.values(data.revisions)) {
      expect(new Set(sections.map((s) => s.name)).size).toBe(sections.length);
      expect(new Set(sections.map((s) => s.path)).size).toBe(sections.length);
      for (const s of sections) expect(s.path).toMatch(/^\/[a-z_/-]*(#[a-z0-9-]+)?$/);
    }
  });

  for (const file of lessons) {
    it(`${file}: every spec link is a listed section, named as the list names it`, () => {
      const source = readFileSync(file, 'utf8');
      for (const link of specLinks(source)) {
        const section = known.find((s) => s.url === link.url);
        expect(section, `${file}: ${link.url} is not in lessons/spec-sections.json`).toBeDefined();
        expect(
          names(link.text, section!.name),
          `${file}: link text "${link.text}" does not name "${section!.name}"`,
        ).toBe(true);
      }
    });
  }

  it('the-wire.mdx cites the sections its claims rest on, in the revision it was captured in', () => {
    const source = readFileSync('lessons/02-the-wire/lesson.mdx', 'utf8');
    const revision = /^spec: '([^']+)'$/m.exec(source)![1]!;
    const cited = specLinks(source)
      .map((l) => known.find((s) => s.url === l.url)!)
      .filter((s) => s.revision === revision)
      .map((s) => s.name);
    expect(cited).toEqual(
      expect.arrayContaining([
        'Basic › Messages › Requests', // id: string or integer, never null, never reused
        'Basic › Transports', // UTF-8
        'Basic › Transports › stdio', // stderr MAY capture, forward or ignore
        'Basic › Lifecycle › Shutdown', // close stdin, wait, SIGTERM, SIGKILL
        'Basic › Lifecycle › Timeouts', // "waits" means until a timeout
        'Basic › Authorization › Protocol Requirements', // stdio: credentials from the environment
        'Security Best Practices › Local MCP Server Compromise', // stdio is not a sandbox
        'Basic › Transports › Streamable HTTP › Sending Messages to the Server', // POST, JSON or SSE
        'Basic › Transports › Streamable HTTP › Listening for Messages from the Server', // GET
        'Basic › Transports › Streamable HTTP › Session Management', // MAY assign an id; DELETE
        'Basic › Utilities › Progress',
        'Server features › Tools › Error Handling',
      ]),
    );
    // Every spec link of a 2025-11-25 lesson points into that revision, except the
    // revision box's pointer to what comes next.
    const elsewhere = specLinks(source).filter((l) => !l.url.includes(`/${revision}/`));
    expect(elsewhere.map((l) => l.text)).toEqual(['Key Changes']);
  });
});

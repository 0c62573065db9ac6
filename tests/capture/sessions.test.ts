// The capture tool finds every lesson's sessions.ts itself: what it reads, in which order, and
// the author's mistakes it names (a file without the default export, a name that is not
// kebab-case, one name made by two lessons).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverCaptures } from '../../sandbox/capture/sessions.ts';
import { captureFile, captureFiles } from '../../sandbox/course/capture-files.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A course with these lessons: folder name → its sessions.ts (or null for none). */
function course(lessons: Record<string, string | null>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpw-sessions-'));
  roots.push(root);
  for (const [folder, sessions] of Object.entries(lessons)) {
    mkdirSync(join(root, 'lessons', folder, 'captures'), { recursive: true });
    writeFileSync(join(root, 'lessons', folder, 'lesson.mdx'), "---\ntitle: 'T'\n---\n");
    if (sessions !== null) writeFileSync(join(root, 'lessons', folder, 'sessions.ts'), sessions);
  }
  return root;
}

const run = 'async () => ({ frames: [] })';

describe('discoverCaptures', () => {
  it('reads every lesson that has sessions, in course order and in file order', async () => {
    const root = course({
      '02-second': `export default { 'b-one': ${run}, 'a-two': ${run} };\n`,
      '01-first': `export default { 'first': ${run} };\n`,
      '03-none': null,
    });
    const specs = await discoverCaptures(root);
    expect(specs.map((s) => [s.name, s.folder, s.source])).toEqual([
      ['first', 'lessons/01-first/captures', 'lessons/01-first/sessions.ts'],
      ['b-one', 'lessons/02-second/captures', 'lessons/02-second/sessions.ts'],
      ['a-two', 'lessons/02-second/captures', 'lessons/02-second/sessions.ts'],
    ]);
    expect(specs[0]!.file).toBe('first.jsonl');
  });

  it('names the file and the mistake: no default export, a bad name, a name made twice', async () => {
    const root = course({
      '01-bare': `export const sessions = { 'x': ${run} };\n`,
      '02-shout': `export default { 'Shout_Name': ${run}, 'fine': 'not a function' };\n`,
      '03-one': `export default { 'twin': ${run} };\n`,
      '04-two': `export default { 'twin': ${run} };\n`,
    });
    const error = await discoverCaptures(root).then(
      () => undefined,
      (e: unknown) => (e as Error).message.split('\n'),
    );
    expect(error).toEqual([
      "lessons/01-bare/sessions.ts: needs export default captureSessions({ '<name>': session, ... })",
      `lessons/02-shout/sessions.ts: "Shout_Name": a capture's name is its file name, in kebab-case (e.g. order-lookup)`,
      'lessons/02-shout/sessions.ts: fine: each capture is a function that runs its session and returns its frames',
      'lessons/04-two/sessions.ts: a capture called "twin" is made by lessons/03-one/sessions.ts already; names are the course\'s, so give one another',
    ]);
  });
});

describe('captureFile', () => {
  it("finds a capture's files in whichever lesson records it, and says where it looked", () => {
    const root = course({ '01-first': null, '02-second': null });
    writeFileSync(join(root, 'lessons/02-second/captures/talk.jsonl'), '');
    writeFileSync(join(root, 'lessons/02-second/captures/talk.stderr.txt'), '');
    expect(captureFile('talk.jsonl', root)).toBe('lessons/02-second/captures/talk.jsonl');
    expect([...captureFiles(root).keys()]).toEqual(['talk.jsonl', 'talk.stderr.txt']);
    expect(() => captureFile('silence.jsonl', root)).toThrow(
      'no lesson has a capture file silence.jsonl (looked in lessons/*/captures/); record it with npm run capture',
    );
  });
});

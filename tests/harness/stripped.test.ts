// The work folder of a run with --stripped: the learner's twins over the starter's, no .ts
// left beside a twin, and every path handed to Node naming the twin; without it, no twin.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Exercise } from '../../sandbox/exercises/loader.ts';
import { filesUnder } from '../../sandbox/exercises/loader.ts';
import { nodeArgsFor, programArg } from '../../sandbox/harness/stripped.ts';
import { prepareWork } from '../../sandbox/harness/work-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'mcpw-stripped-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

const exercise = {
  id: 'demo',
  dir: folder('exercise', {
    'starter/client.ts': 'starter ts',
    'starter/client.js': 'starter twin',
    'starter/lib/cases.ts': 'cases ts',
    'starter/lib/cases.js': 'cases twin',
    'starter/notes.json': '{}',
  }),
  meta: { files: { editable: ['client.ts'], reference: ['lib/cases.ts'] } },
} as unknown as Exercise;

describe('a stripped work folder', () => {
  it("holds the learner's twin over the starter's, and no .ts beside a twin", () => {
    const workspace = folder('ws', { 'client.js': 'learner twin', 'client.ts': 'learner ts' });
    const work = join(root, 'work');
    mkdirSync(work);
    prepareWork(exercise, work, { workspace, stripped: true });
    expect(filesUnder(work)).toEqual(['client.js', 'lib/cases.js', 'notes.json']);
    expect(readFileSync(join(work, 'client.js'), 'utf8')).toBe('learner twin');
    expect(readFileSync(join(work, 'lib/cases.js'), 'utf8')).toBe('cases twin');
  });

  it('keeps the .ts files and drops the twins without --stripped', () => {
    const workspace = folder('ws2', { 'client.ts': 'learner ts', 'client.js': 'learner twin' });
    const work = join(root, 'work2');
    mkdirSync(work);
    prepareWork(exercise, work, { workspace });
    expect(filesUnder(work)).toEqual(['client.ts', 'lib/cases.ts', 'notes.json']);
    expect(readFileSync(join(work, 'client.ts'), 'utf8')).toBe('learner ts');
  });

  it('refuses to run the solution stripped: it has no twins', () => {
    expect(() =>
      prepareWork(exercise, join(root, 'x'), { solution: true, stripped: true }),
    ).toThrow(/solution cannot run stripped/);
  });

  it('hands Node the twin, with source maps on, only when stripped', () => {
    expect(nodeArgsFor('/w', 'client.ts', true)).toEqual(['--enable-source-maps', '/w/client.js']);
    expect(nodeArgsFor('/w', 'client.ts', false)).toEqual(['/w/client.ts']);
    const work = join(root, 'work');
    expect(programArg(work, 'lib/cases.ts', true)).toBe('lib/cases.js');
    // Not a file of the work folder: an argument like any other.
    expect(programArg(work, 'elsewhere.ts', true)).toBe('elsewhere.ts');
    expect(programArg(work, 'lib/cases.ts', false)).toBe('lib/cases.ts');
  });
});

// The console belongs to no exercise: over a course with no exercises at all, and over one
// whose raw-client has been edited out of shape, the local runtime and the WebContainer run
// a console session all the same, and leave no work folder behind.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleProgram } from '../../components/console/console-program.ts';
import { TEMPLATES } from '../../components/console/console-lines.ts';
import { LocalRuntime } from '../../sandbox/runtime/page/local-client.ts';
import type { Runtime } from '../../sandbox/runtime/shared/types.ts';
import { startWorkshop } from '../../sandbox/workshop/server.ts';
import { collect } from './contract.ts';
import { HARNESS_MAIN } from './workshop-fixture.ts';
import { fakeAdapters, repo } from './webcontainer-fixture.ts';
import { EXERCISES_DIR, exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const LINES = [TEMPLATES.initialize(1), TEMPLATES.initialized(), TEMPLATES.call(2, 'PT-1041')];

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * A course folder (its lessons beside the .workspaces/ runs use), with one lesson whose
 * exercises/ folder `fill` fills.
 */
function course(fill: (exercises: string) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpw-course-'));
  made.push(root);
  const lesson = join(root, 'lessons', '02-the-wire');
  mkdirSync(join(lesson, EXERCISES_DIR), { recursive: true });
  writeFileSync(join(lesson, 'lesson.mdx'), "---\ntitle: 'The wire'\n---\n");
  fill(join(lesson, EXERCISES_DIR));
  return root;
}

const empty = course(() => {});
// raw-client as an author might leave it half-edited: a limit of 50 ms, a peer that is a
// file that does not exist, a starter that throws.
const edited = course((exercises) => {
  const dir = join(exercises, 'raw-client');
  cpSync(exerciseFolderOf('raw-client', repo)!.dir, dir, { recursive: true });
  const meta = JSON.parse(readFileSync(join(dir, 'exercise.json'), 'utf8')) as {
    run: Record<string, unknown>;
  };
  meta.run = {
    ...meta.run,
    timeoutMs: 50,
    peer: { server: { file: 'gone.ts' }, transport: 'stdio', flags: [] },
  };
  writeFileSync(join(dir, 'exercise.json'), JSON.stringify(meta));
  writeFileSync(join(dir, 'starter', 'client.ts'), "throw new Error('edited');\n");
});

async function expectSession(runtime: Runtime, workspaces: string): Promise<void> {
  await runtime.boot();
  const events = await collect(await runtime.console(consoleProgram(LINES)));
  const frames = events.flatMap((e) => (e.type === 'frame' ? [e] : []));
  expect(frames.filter((f) => f.dir === 'c2s').map((f) => f.text)).toEqual(LINES);
  const answers = frames.filter((f) => f.dir === 's2c').map((f) => JSON.parse(f.text));
  expect(answers.map((a: { id?: unknown }) => a.id)).toEqual([1, 2]);
  expect(events.at(-1)).toMatchObject({ type: 'done', verdict: 'completed' });
  // `done` comes before the harness removes its folder on its way out: give it that moment.
  expect(await emptied(workspaces)).toEqual([]);
}

/** What is left in `dir` once it empties, or after 3 s. */
async function emptied(dir: string): Promise<string[]> {
  const left = () => {
    try {
      return readdirSync(dir);
    } catch {
      return []; // never made: nothing left either
    }
  };
  for (let i = 0; i < 60 && left().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return left();
}

for (const [name, root] of [
  ['no exercises at all', empty],
  ['a raw-client edited out of shape', edited],
] as const) {
  describe(`the console over a course with ${name}`, () => {
    it('runs a session on the local runtime', async () => {
      const dist = join(root, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
      const ws = await startWorkshop({
        dist,
        exercisesRoot: root,
        harnessMain: HARNESS_MAIN,
        port: 0,
        runtime: true,
      });
      const base = ws.url.replace(/\/$/, '');
      const runtime = new LocalRuntime({ base, token: ws.token, headers: { Origin: base } });
      try {
        await expectSession(runtime, join(root, '.workspaces'));
      } finally {
        await runtime.teardown();
        await ws.close();
      }
    }, 30_000);
  });
}

describe('the console in a WebContainer whose bundle holds no exercises', () => {
  const fakes = fakeAdapters(empty);

  it('runs a session', async () => {
    const { runtime, containers } = fakes.adapter();
    try {
      await runtime.boot();
      expect(fakes.manifest().exercises).toEqual({});
      await expectSession(runtime, join(containers[0]!.dir, '.workspaces'));
    } finally {
      await runtime.teardown();
    }
  }, 60_000);
});

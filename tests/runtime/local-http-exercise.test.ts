// The local runtime endpoint with the exercises whose peer is Paper Trail over HTTP
// (fetch-client, resource-server): the harness it starts serves Paper Trail's HTTP half and
// the recording proxy, as the CLI and the WebContainer bundle do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LocalRuntime } from '../../sandbox/runtime/page/local-client.ts';
import { EXERCISES_ROOT, startTestWorkshop, type TestWorkshop } from './workshop-fixture.ts';
import { collect } from './contract.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const read = (exercise: string, kind: string, file: string) =>
  readFileSync(join(exerciseFolderOf(exercise, EXERCISES_ROOT)!.dir, kind, file), 'utf8');

let fixture: TestWorkshop;
beforeAll(async () => {
  fixture = await startTestWorkshop();
});
afterAll(() => fixture.close());

it.each([
  ['fetch-client', 'client.ts', 'solution', true, 10],
  ['fetch-client', 'client.ts', 'starter', false, 1],
  // A right guard lets three requests through (six frames); the starter lets all twelve.
  ['resource-server', 'guard.ts', 'solution', true, 5],
  ['resource-server', 'guard.ts', 'starter', false, 20],
] as const)(
  'checks the %s %s (%s) through the local endpoint',
  async (exercise, file, kind, passes, minFrames) => {
    const { ws, origin } = fixture;
    const runtime = new LocalRuntime({
      base: origin,
      token: ws.token,
      headers: { Origin: origin },
    });
    try {
      await runtime.boot();
      await runtime.mount(exercise, { [file]: read(exercise, kind, file) });
      const events = await collect(await runtime.spawn(exercise, 'check'));
      const done = events.at(-1);
      expect(done).toMatchObject({ type: 'done', passed: passes });
      const frames = events.filter((e) => e.type === 'frame');
      expect(frames.length).toBeGreaterThan(minFrames);
    } finally {
      await runtime.teardown();
    }
  },
);

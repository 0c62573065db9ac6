// The local runtime endpoint carries an ungraded check as information: port-to-2026's
// lesson-2-client result reaches the page with info: true, and the run still passes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LocalRuntime } from '../../sandbox/runtime/page/local-client.ts';
import { EXERCISES_ROOT, startTestWorkshop, type TestWorkshop } from './workshop-fixture.ts';
import { collect } from './contract.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

let fixture: TestWorkshop;
beforeAll(async () => {
  fixture = await startTestWorkshop();
});
afterAll(() => fixture.close());

it('reports the lesson-2 client of port-to-2026 as information through the local endpoint', async () => {
  const { ws, origin } = fixture;
  const runtime = new LocalRuntime({ base: origin, token: ws.token, headers: { Origin: origin } });
  const solution = readFileSync(
    join(exerciseFolderOf('port-to-2026', EXERCISES_ROOT)!.dir, 'solution/client.ts'),
    'utf8',
  );
  try {
    await runtime.boot();
    await runtime.mount('port-to-2026', { 'client.ts': solution });
    const events = await collect(await runtime.spawn('port-to-2026', 'check'));
    const info = events.find((e) => e.type === 'check' && e.id === 'lesson-2-client');
    expect(info).toMatchObject({ ok: true, info: true });
    expect(events.at(-1)).toMatchObject({ type: 'done', passed: true });
    expect((events.at(-1) as { summary: string }).summary).toContain('1 for information');
  } finally {
    await runtime.teardown();
  }
}, 60_000);

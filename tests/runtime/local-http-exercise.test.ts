// The local runtime endpoint with an exercise whose peer is Paper Trail over HTTP
// (fetch-client): the harness it starts serves Paper Trail's HTTP half and the recording
// proxy, as the CLI and the WebContainer bundle do.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LocalRuntime } from '../../sandbox/runtime/local/client.ts';
import { startTestWorkshop, type TestWorkshop } from './workshop-fixture.ts';
import { collect } from './contract.ts';

const read = (kind: string) =>
  readFileSync(new URL(`../../exercises/fetch-client/${kind}/client.ts`, import.meta.url), 'utf8');

let fixture: TestWorkshop;
beforeAll(async () => {
  fixture = await startTestWorkshop();
});
afterAll(() => fixture.close());

it.each([
  ['solution', true],
  ['starter', false],
])('checks the fetch-client %s through the local endpoint', async (kind, passes) => {
  const { ws, origin } = fixture;
  const runtime = new LocalRuntime({ base: origin, token: ws.token, headers: { Origin: origin } });
  try {
    await runtime.boot();
    await runtime.mount('fetch-client', { 'client.ts': read(kind) });
    const events = await collect(await runtime.spawn('fetch-client', 'check'));
    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', passed: passes });
    const frames = events.filter((e) => e.type === 'frame');
    expect(frames.length).toBeGreaterThan(kind === 'solution' ? 10 : 1);
  } finally {
    await runtime.teardown();
  }
});

// The local runtime: the browser-side client against a real workshop server on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootError } from '../../sandbox/runtime/shared/types.ts';
import { fetchLocalToken, LocalRuntime } from '../../sandbox/runtime/page/local-client.ts';
import type { Workshop } from '../../sandbox/workshop/server.ts';
import { startTestWorkshop, type TestWorkshop } from './workshop-fixture.ts';
import { runtimeContract } from './contract.ts';

let fixture: TestWorkshop;
let ws: Workshop;
let base: string;

beforeAll(async () => {
  fixture = await startTestWorkshop();
  ({ ws, origin: base } = fixture);
});

afterAll(() => fixture.close());

// Node's fetch sends no Origin of its own; a page on this server would send exactly this.
const asPage = () => ({ Origin: base });

runtimeContract(
  'local runtime over HTTP',
  async () => new LocalRuntime({ base, token: ws.token, headers: asPage() }),
);

describe('local runtime specifics', () => {
  it('fetchLocalToken reads the token the server handed out', async () => {
    expect(await fetchLocalToken(base)).toBe(ws.token);
  });

  it('fetchLocalToken says undefined where no endpoint exists', async () => {
    expect(await fetchLocalToken('http://127.0.0.1:9')).toBeUndefined();
  });

  it('boot fails with reason "unauthorised" for a wrong token', async () => {
    const r = new LocalRuntime({ base, token: 'wrong', headers: asPage() });
    const err = await r.boot().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BootError);
    expect((err as BootError).reason).toBe('unauthorised');
  });
});

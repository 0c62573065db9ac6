// The local runtime: the browser-side client against a real workshop server on loopback.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootError } from '../../sandbox/runtime/types.ts';
import { fetchLocalToken, LocalRuntime } from '../../sandbox/runtime/local/client.ts';
import { startWorkshop, type Workshop } from '../../sandbox/workshop/server.ts';
import { runtimeContract } from './contract.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dist: string;
let ws: Workshop;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'mcpw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
  ws = await startWorkshop({
    dist,
    exercisesRoot: join(repo, 'exercises'),
    harnessMain: join(repo, 'sandbox/harness/main.ts'),
    port: 0,
    runtime: true,
  });
  base = ws.url.replace(/\/$/, '');
});

afterAll(async () => {
  await ws.close();
  rmSync(dist, { recursive: true, force: true });
});

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

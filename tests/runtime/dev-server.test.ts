// `npm start` (astro dev) exposes the local runtime through src/integrations/workbench.ts.
// This starts the real dev server on a free loopback port and attacks and uses its endpoint
// the way the workshop server's tests do, then stops it (its whole process group).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { TOKEN_HEADER } from '../../sandbox/runtime/shared/local-protocol.ts';
import type { TakeHomeParts } from '../../sandbox/runtime/shared/take-home-parts.ts';
import { rawRequest } from './http.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';
import { startDevProcess, type DevProcess } from '../setup/dev-process.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let dev: DevProcess;
let origin: string;
let host: string;
let token: string;
let startedAt = 0;

beforeAll(async () => {
  startedAt = Date.now();
  dev = await startDevProcess();
  ({ origin, token } = dev);
  host = new URL(origin).host;
}, 120_000);

afterAll(async () => {
  if (!dev || dev.child.exitCode !== null || dev.child.signalCode !== null) return;
  process.kill(-dev.child.pid!, 'SIGTERM');
  await dev.exited;
});

const runBody = (files: Record<string, string>) =>
  JSON.stringify({ exercise: 'raw-client', mode: 'check', files });

function postRun(headers: Record<string, string>, body = runBody({})) {
  return rawRequest(`${origin}/__runtime/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host, ...headers },
    body,
  });
}

describe('astro dev: the runtime endpoint from the workbench integration', () => {
  it('gives a 32-byte token to the page, and refuses a foreign Origin or Host', async () => {
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const foreign = await rawRequest(`${origin}/__runtime/token`, {
      headers: { host, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toContain(token);
    const rebound = await rawRequest(`${origin}/__runtime/token`, {
      headers: { host: `evil.example:${new URL(origin).port}` },
    });
    // Vite's own allowed-hosts check may answer first (403); either way nothing is served.
    expect([403, 421]).toContain(rebound.status);
    expect(rebound.body).not.toContain(token);
  });

  it('refuses a run without the token, with a wrong one, or from another origin', async () => {
    expect((await postRun({ origin })).status).toBe(401);
    expect((await postRun({ origin, [TOKEN_HEADER]: 'x'.repeat(43) })).status).toBe(401);
    const foreign = await postRun({
      origin: 'http://127.0.0.1:1',
      [TOKEN_HEADER]: token,
    });
    expect(foreign.status).toBe(403);
  });

  it('runs the checks on the raw-client solution on this Node', async () => {
    const solution = readFileSync(
      join(exerciseFolderOf('raw-client', repo)!.dir, 'solution/client.ts'),
      'utf8',
    );
    const res = await postRun(
      { origin, [TOKEN_HEADER]: token },
      runBody({ 'client.ts': solution }),
    );
    expect(res.status).toBe(200);
    const events = res.body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as HarnessEvent);
    expect(events.filter((e) => e.type === 'frame').length).toBeGreaterThan(0);
    // The wiring is under test, not the machine's speed: the call's check must pass, and the
    // stream must end with the harness's verdict (a loaded machine may hit the time limit).
    const toolCall = events.find((e) => e.type === 'check' && e.id === 'tool-call');
    expect(toolCall?.type === 'check' && toolCall.ok, JSON.stringify(events)).toBe(true);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('isolates exercise pages (COOP/COEP) and leaves lessons alone', async () => {
    const page = await rawRequest(`${origin}/exercises/raw-client/`, { headers: { host } });
    expect(page.status, page.body.slice(0, 2000)).toBe(200);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
    const lesson = await rawRequest(`${origin}/lessons/the-wire/`, { headers: { host } });
    expect(lesson.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('writes and serves the take-home parts beside the runtime manifest', async () => {
    // Written by this server's start (not left over from an earlier build), served same-origin.
    const written = statSync(repo + 'public/runtime/take-home.json').mtimeMs;
    expect(written).toBeGreaterThanOrEqual(startedAt - 1000);
    const res = await rawRequest(`${origin}/runtime/take-home.json`, { headers: { host } });
    expect(res.status).toBe(200);
    const parts = JSON.parse(res.body) as TakeHomeParts;
    expect(Object.keys(parts.files)).toContain('harness.mjs');
    expect(Object.keys(parts.exercises)).toContain('raw-client');
  });
});

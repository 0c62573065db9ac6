// A verdict the harness never gave: a program that writes a passing `done` into the
// harness's stdout must not pass, behind the endpoint (the page would store the exercise as
// done) or the CLI (exit 0). Only lines behind the run's sentinel count (signed-events.ts).
// Without a PID namespace (MCPW_CONTAINMENT=off) the program reaches the harness; with one
// it cannot see it at all; both are held.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { CLI, ROOT, fixture } from './cli.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';

const FORGED = fixture('forged-done');
type Done = Extract<HarnessEvent, { type: 'done' }>;

let server: EndpointServer;
beforeAll(async () => {
  server = await startEndpointServer({ timeoutMs: 10_000 });
});
afterAll(async () => {
  delete process.env.MCPW_CONTAINMENT;
  await server.close();
});

describe.each([
  { containment: 'off', name: 'without a namespace' },
  { containment: '', name: 'in a namespace' },
])('a forged done event, $name', ({ containment }) => {
  it('does not pass behind the endpoint', async () => {
    process.env.MCPW_CONTAINMENT = containment;
    const source = readFileSync(`${FORGED}client.ts`, 'utf8');
    const { events, raw } = await server.run({
      exercise: 'raw-client',
      mode: 'check',
      files: { 'client.ts': source },
    });
    const dones = events.filter((e): e is Done => e.type === 'done');
    expect(dones, raw).toHaveLength(1);
    expect(dones[0]!.passed).toBe(false);
    expect(dones[0]!.summary).not.toBe('11 passed, 0 failed');
    expect(events.filter((e) => e.type === 'check' && e.message === 'ok')).toEqual([]);
  });

  it('does not pass from the CLI', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', 'raw-client', '--dir', FORGED], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, MCPW_CONTAINMENT: containment },
    });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^FAIL /m);
    expect(r.stdout).not.toMatch(/\b\d+ passed, 0 failed/);
  });
});

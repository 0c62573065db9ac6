// A program that takes memory without end must be stopped at the run's memory limit and the
// run must say so ("memory limit"), not run on to the time limit while the machine swaps or
// the OOM killer picks a victim. Memory outside V8's heap (Buffers) is capped by the address
// space of the run's processes, which the PID namespace's init sets; the heap by V8's flag.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { CLI, ROOT, fixture } from './cli.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';
import { pool } from './pool.ts';

/** Only a backstop: the limit stops a flood within seconds, a loaded machine's seconds. */
const LIMIT_MS = 60_000;
// Two floods at once hold about 1.4 GB between them: no more on a shared machine.
const slot = pool(2);

let server: EndpointServer;
beforeAll(async () => {
  server = await startEndpointServer({ timeoutMs: LIMIT_MS });
});
afterAll(() => server.close());

async function viaCli(name: string): Promise<{ verdict: string; message: string }> {
  const cli = spawn(
    process.execPath,
    [
      CLI,
      'check',
      'raw-client',
      '--dir',
      fixture(name),
      '--json',
      '--timeout-ms',
      String(LIMIT_MS),
    ],
    { cwd: ROOT },
  );
  let out = '';
  cli.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
  await new Promise((r) => cli.once('close', r));
  const report = JSON.parse(out) as { verdict: string; ended?: string };
  return { verdict: report.verdict, message: report.ended ?? '' };
}

async function viaEndpoint(name: string): Promise<{ verdict: string; message: string }> {
  const source = readFileSync(`${fixture(name)}client.ts`, 'utf8');
  const { events } = await server.run({
    exercise: 'raw-client',
    mode: 'check',
    files: { 'client.ts': source },
  });
  const done = events.find((e): e is Extract<HarnessEvent, { type: 'done' }> => e.type === 'done');
  return { verdict: done?.verdict ?? 'none', message: done?.summary ?? '' };
}

describe.concurrent('a program that takes memory without end', () => {
  it.each([
    { name: 'memory-flood', via: 'cli' },
    { name: 'memory-flood', via: 'endpoint' },
    { name: 'heap-flood', via: 'cli' },
  ])(
    '$name via $via ends at the memory limit',
    async ({ name, via }) => {
      const started = Date.now();
      const outcome = await slot(() => (via === 'cli' ? viaCli(name) : viaEndpoint(name)));
      expect(outcome.verdict, outcome.message).toBe('memory-limit');
      expect(outcome.message).toMatch(/memory limit/);
      expect(Date.now() - started).toBeLessThan(LIMIT_MS);
    },
    200_000,
  );
});

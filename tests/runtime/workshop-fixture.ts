// A real workshop server on a free loopback port, serving a one-page stand-in for dist/ and
// running the real harness: what the runtime tests talk to over HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWorkshop, type Workshop } from '../../sandbox/workshop/server.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
export const EXERCISES_ROOT = repo;
export const HARNESS_MAIN = join(repo, 'sandbox/harness/main.ts');

export interface TestWorkshop {
  ws: Workshop;
  /** The server's origin, without a trailing slash. */
  origin: string;
  close(): Promise<void>;
}

export async function startTestWorkshop(): Promise<TestWorkshop> {
  const dist = mkdtempSync(join(tmpdir(), 'mcpw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
  const ws = await startWorkshop({
    dist,
    exercisesRoot: EXERCISES_ROOT,
    harnessMain: HARNESS_MAIN,
    port: 0,
    runtime: true,
  });
  return {
    ws,
    origin: ws.url.replace(/\/$/, ''),
    async close() {
      await ws.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

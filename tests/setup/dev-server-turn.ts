// One `astro dev` of this checkout at a time, across vitest's workers. Two test files may
// each start one; started together they share Astro's lock and Vite's dependency cache, and
// one of them failed to start in CI. A test takes its turn before it spawns the dev server
// and gives it back once that process has exited.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TURN = join(
  tmpdir(),
  `mcpw-dev-turn-${createHash('sha256').update(REPO).digest('hex').slice(0, 12)}`,
);
// Within the 120 s a test's hook may take; a turn lasts seconds.
const WAIT_MS = 90_000;

/** Is the process that holds the turn gone (a worker that died holding it)? */
function holderGone(): boolean {
  try {
    process.kill(Number(readFileSync(join(TURN, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    // No pid file yet: the holder is between mkdir and its write; give it the benefit.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Waits for the turn; the function it resolves with gives it back (once). */
export async function devServerTurn(): Promise<() => void> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      mkdirSync(TURN);
      writeFileSync(join(TURN, 'pid'), String(process.pid));
      let held = true;
      return () => {
        if (held) rmSync(TURN, { recursive: true, force: true });
        held = false;
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (holderGone()) {
      rmSync(TURN, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > until) {
      throw new Error(`waited ${WAIT_MS / 1000} s for another test's astro dev to end (${TURN})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

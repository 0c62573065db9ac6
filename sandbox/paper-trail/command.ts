// How to start Paper Trail as its own process, for anyone who needs a real peer.
import { fileURLToPath } from 'node:url';

/** Absolute path of the executable entry point. */
export const PAPER_TRAIL_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * The command that spawns Paper Trail with the current Node (which runs .ts directly).
 * Without extra args it speaks stdio; add `--http`, `--port N`, `--json-response` for HTTP.
 */
export function paperTrailCommand(extraArgs: string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: [PAPER_TRAIL_MAIN, ...extraArgs] };
}

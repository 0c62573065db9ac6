// How to start Paper Trail v2 as its own process (capture sessions and tests).
import { fileURLToPath } from 'node:url';

export const PAPER_TRAIL_V2_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** The command that spawns Paper Trail v2 with the current Node; stdio unless `--http`. */
export function paperTrailV2Command(extraArgs: string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: [PAPER_TRAIL_V2_MAIN, ...extraArgs] };
}

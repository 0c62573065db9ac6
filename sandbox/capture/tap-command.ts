// The tap a capture puts in front of a server it starts. Paper Trail's stdio builds, started
// from these sources, carry it in their own process (tap/in-process.ts), as a check's
// Paper Trail does: one Node process fewer per session, about 0.16 s of CPU, which capture
// --check pays 58 times. Anything else, and Paper Trail --chatty (it writes to fd 1 itself,
// past process.stdout), gets the relay process. Both write the same records.
import { fileURLToPath } from 'node:url';
import { PAPER_TRAIL_MAIN } from '../paper-trail/command.ts';
import { PAPER_TRAIL_V2_MAIN } from '../paper-trail-v2/command.ts';

const RELAY = fileURLToPath(new URL('../tap/relay-main.ts', import.meta.url));
const TAPPED_MAIN = fileURLToPath(new URL('../tap/tapped-main.ts', import.meta.url));

/** Arguments for Node that start `command args` tapped into `recordFile`. */
export function tapped(recordFile: string, command: string, args: readonly string[]): string[] {
  const inProcess =
    command === process.execPath &&
    (args[0] === PAPER_TRAIL_MAIN || args[0] === PAPER_TRAIL_V2_MAIN) &&
    !args.includes('--chatty');
  return [inProcess ? TAPPED_MAIN : RELAY, '--record', recordFile, '--', command, ...args];
}

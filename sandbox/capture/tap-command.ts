// The tap a capture puts in front of a server it starts. Paper Trail's stdio build, started
// from these sources, carries it in its own process (tap/in-process.ts), as a check's Paper
// Trail does (harness/peer.ts): one Node process fewer per session, about 0.16 s of CPU, which
// capture --check pays dozens of times. Anything else gets the relay process: other servers,
// Paper Trail v2 (checks relay it too), Paper Trail --chatty (it writes to fd 1 itself, past
// process.stdout), and lesson 1's sessions, whose page shows the relay at work. Both write
// the same records. One difference: what Node itself writes to fd 2 while the server loads
// (a crash in its first lines, a warning) reaches the capture's terminal, not its stderr
// sidecar.
import { fileURLToPath } from 'node:url';
import { PAPER_TRAIL_MAIN } from '../paper-trail/command.ts';

const RELAY = fileURLToPath(new URL('../tap/relay-main.ts', import.meta.url));
const TAPPED_MAIN = fileURLToPath(new URL('../tap/tapped-main.ts', import.meta.url));

/**
 * Arguments for Node that start `command args` tapped into `recordFile`; `relay` asks for
 * the relay process whatever the server.
 */
export function tapped(
  recordFile: string,
  command: string,
  args: readonly string[],
  options: { relay?: boolean } = {},
): string[] {
  const inProcess =
    !options.relay &&
    command === process.execPath &&
    args[0] === PAPER_TRAIL_MAIN &&
    !args.includes('--chatty');
  return [inProcess ? TAPPED_MAIN : RELAY, '--record', recordFile, '--', command, ...args];
}

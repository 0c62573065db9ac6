// A stdio tap that records each process it starts into a file of its own, for a client that
// spawns the same command more than once (SDK 2.4.0's auto mode probes on a short-lived
// sibling process, then starts the real one). Usage:
//   node numbered-tap.ts <folder> -- <command> [args...]
// records into <folder>/tap-0.ndjson, tap-1.ndjson, ... in the order the processes start.
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { runRelay } from '../tap/relay.ts';

/** The first `tap-N.ndjson` in `folder` that does not exist yet, created (so no one else takes it). */
export function claimRecordFile(folder: string): string {
  for (let n = 0; ; n++) {
    const file = join(folder, `tap-${n}.ndjson`);
    try {
      closeSync(openSync(file, 'wx'));
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

const [folder, separator, ...target] = process.argv.slice(2);
if (!folder || separator !== '--' || target.length === 0) {
  process.stderr.write('usage: numbered-tap.ts <folder> -- <command> [args...]\n');
  process.exit(2);
}
runRelay(['--record', claimRecordFile(folder), '--', ...target]);

// What a harness tells whoever started it about the run in progress, so that the starter can
// end and remove it if the harness dies before it does so itself (killed outright, by the
// OOM killer or by the learner's program): the folders it made, the run's marker and the
// program's process group. One JSON line each, on the descriptor the starter names in
// MCPW_NOTICES_FD (the CLI and the local runtime endpoint pass one; runExercise called in
// process, as the tests and the WebContainer entry do, has no starter to tell).
import { writeSync } from 'node:fs';

export const NOTICES_FD_VARIABLE = 'MCPW_NOTICES_FD';

export type Notice = { folder: string } | { marker: string } | { group: number };

export function notify(notice: Notice): void {
  const fd = Number(process.env[NOTICES_FD_VARIABLE]);
  if (!Number.isInteger(fd) || fd < 3) return;
  try {
    writeSync(fd, JSON.stringify(notice) + '\n');
  } catch {
    // A starter that stopped listening cannot clean up anyway.
  }
}

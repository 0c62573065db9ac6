// Where the learner writes the server, the course's reference client drives it and the record's
// `program` is that client: its exit says whether the session worked. One reading of how it
// went wrong for every such exercise, in the order a learner can act on: a request the client
// never got a reply to, the server dying under it, then the client's own report of why.
import type { Check } from '../contract/check.ts';
import { frameRef, say } from './say.ts';
import { conversation } from './run-story.ts';
import { fail, pass } from './outcome.ts';
import { quote } from './frames.ts';
import { stderrNote } from './stderr-note.ts';

/** The lines the reference clients prefix with "client: ", failed calls first: they say what
 *  went wrong, the parse reports after them say why. */
function clientSays(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((l) => l.startsWith('client: '))
    .sort((a, b) => Number(b.includes('failed')) - Number(a.includes('failed')))
    .slice(0, 3);
  return lines.length > 0
    ? ` The client reported: ${lines.map((l) => quote(l, 140)).join('; ')}.`
    : '';
}

/** The session check of a learner-written server: `did` is what a whole session does
 *  ("made both calls"), `hint` how to see it for oneself. */
export function referenceClientFinishes(did: string, hint: string): Check {
  return {
    id: 'session-completes',
    title: 'The reference client finishes its session',
    hint,
    run(run) {
      if (run.verdict === 'timeout') {
        const conv = conversation(run);
        const stuck = conv.requests('c2s').find((r) => !conv.responseTo(r));
        if (!stuck) return fail`The session did not finish within ${run.timeoutMs / 1000} s.`;
        return fail`The session did not finish within ${run.timeoutMs / 1000} s: the reference \
client's ${stuck.message.method} (${frameRef(stuck.frame.seq)}) never got a reply it could read.`;
      }
      if (run.program.exit?.code === 0)
        return pass`The reference client connected, ${did} and closed the session.`;
      const server = run.peer.exit;
      const serverSays = stderrNote(run.peer.stderr, "Your server's stderr says:", 200);
      // A signal is not the server's doing: the harness ends what is left when the client fails.
      if (server && (server.code ?? 0) !== 0) {
        const last = run.frames.at(-1);
        const at = last ? say` (after ${frameRef(last.seq)})` : '';
        return fail`Your server exited with code ${String(server.code)} in the middle of the session${at}, so the reference client failed.${serverSays}`;
      }
      const said =
        clientSays(run.program.stderr) ||
        serverSays ||
        stderrNote(run.program.stderr, "The reference client's stderr says:", 200);
      const exit = run.program.exit;
      return fail`The reference client failed (exit ${String(exit?.code ?? exit?.signal)}).${said}`;
    },
  };
}

// For checks that judge a driver's answers case by case (the learner's function asked about
// real responses and built ones): the recorded reply a live case was about, found by the id
// the driver reported (or the request a case sent, once it reached the server), and a failure
// about one case that counts the others that went wrong.
import type { RunRecord, Said } from '../contract/check.ts';
import type { Read } from './frames.ts';
import { perRun } from './per-run.ts';
import { conversation } from './run-story.ts';
import { say } from './say.ts';
import { counted } from './words.ts';

const replies = perRun((run) =>
  conversation(run)
    .from('s2c')
    .filter((r) => r.message?.kind === 'result' || r.message?.kind === 'error'),
);

/** The first server→client reply (result or error) that carries this id. */
export function replyById(run: RunRecord, id: unknown): Read | undefined {
  return replies(run).find((r) => r.message && 'id' in r.message && r.message.id === id);
}

/** The first client→server request that carries this id: a case's request, once it got through. */
export function requestById(run: RunRecord, id: unknown): Read | undefined {
  return conversation(run)
    .requests('c2s')
    .find((r) => r.message.id === id);
}

/**
 * The response a case asked about: a live case's recorded reply (found by the id the driver
 * reported), with its frame, or an edge case's own; undefined when a live case's reply is missing.
 */
export function caseResponse(
  run: RunRecord,
  row: { edge?: boolean; id?: unknown; response?: unknown },
): { response: unknown; frame?: number } | undefined {
  if (row.edge) return { response: row.response };
  const read = replyById(run, row.id);
  return read && { response: read.json, frame: read.frame.seq };
}

/** The message about one case, then "2 more cases went wrong too." when others did. */
export function andMore(message: Said, more: number, went = 'went wrong too'): Said {
  return more > 0 ? say`${message} ${counted(more, 'more case')} ${went}.` : message;
}

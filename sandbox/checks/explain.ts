// Turns "the program was stopped" into a story told from the frames: what the client sent
// last, what the server did with it, and what the client was waiting for.
import { frameRef, say } from './say.ts';
import type { RunRecord, Said } from '../contract/check.ts';
import { Conversation, findSplitMessage } from './frames.ts';

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

export interface Stall {
  /** The whole story, as a sentence. */
  text: Said;
  /** The frame the story starts from, and what followed from it: for messages that have
   *  already named that frame. */
  frame?: number;
  then?: string;
}

/** For a client program (learner = program). Null when the run ended on its own. */
export function clientStall(run: RunRecord, conv = new Conversation(run.frames)): Stall | null {
  if (run.verdict !== 'timeout') return null;
  const waited = `your client then waited until the harness stopped it at ${seconds(run.timeoutMs)}`;
  if (!run.peerStarted) {
    return {
      text: say`your client never started the server command it was given (no bytes reached the tap); ${waited}.`,
    };
  }
  const sent = conv.from('c2s');
  if (sent.length === 0)
    return { text: say`your client started the server but sent nothing; ${waited}.` };
  const split = findSplitMessage(conv.reads, 'c2s');
  if (split) {
    const then = `the server reads one message per line, dropped every piece and never answered; ${waited}`;
    return {
      text: say`your frames ${frameRef(split[0], String(split[0]))}–${frameRef(split[split.length - 1], String(split[split.length - 1]))} are one JSON message spread over ${split.length} lines; ${then}.`,
      frame: split[0],
      then,
    };
  }
  const bad = sent.find((r) => r.problem);
  if (bad) {
    const then = `the server dropped it without answering; ${waited}`;
    return {
      text: say`your ${frameRef(bad.frame.seq)} ${bad.problem ?? ''}; ${then}.`,
      frame: bad.frame.seq,
      then,
    };
  }
  const open = sent.find((r) => run.unterminated.has(r.frame.seq));
  if (open) {
    const then = `the server was still waiting for the rest of the line; ${waited}`;
    return {
      text: say`your ${frameRef(open.frame.seq)} never ended with a newline, so ${then}.`,
      frame: open.frame.seq,
      then,
    };
  }
  const unanswered = conv.requests('c2s').find((r) => !conv.responseTo(r));
  if (unanswered) {
    return {
      text: say`your request in ${frameRef(unanswered.frame.seq)} (${unanswered.message.method}, id \
${JSON.stringify(unanswered.message.id)}) never got an answer; ${waited}.`,
      frame: unanswered.frame.seq,
      then: waited,
    };
  }
  const last = conv.reads[conv.reads.length - 1];
  if (!run.stdinClosed) {
    return {
      text: say`every request was answered (last ${frameRef(last.frame.seq)}), but your client did not close \
the server's stdin or exit, so both kept running; ${waited}.${unrecognised(run, conv)}`,
      frame: last.frame.seq,
    };
  }
  return {
    text: say`every request was answered and stdin was closed, but your client did not exit; ${waited}.`,
  };
}

/**
 * A client that printed nothing and went quiet after an answer most likely never matched that
 * answer to its request: say so, and name the usual cause (an id that comes back as sent).
 */
function unrecognised(run: RunRecord, conv: Conversation): Said | string {
  if (run.program.stdout.trim() !== '') return '';
  const requests = conv.requests('c2s');
  const mine = requests[requests.length - 1];
  const answer = mine && conv.responseTo(mine);
  if (!answer || conv.from('c2s').some((r) => r.frame.seq > answer.frame.seq)) return '';
  const id = mine.message.id;
  const kind =
    typeof id === 'string' && /^\d+$/.test(id)
      ? `; the server echoed ${JSON.stringify(id)}, a string, which is not the number ${id}`
      : '';
  return say` Your client sent nothing after the answer to its ${mine.message.method} (${frameRef(answer.frame.seq)}): \
if it was waiting for that answer, it did not recognise it. A reply carries the id exactly \
as it was sent${kind}.`;
}

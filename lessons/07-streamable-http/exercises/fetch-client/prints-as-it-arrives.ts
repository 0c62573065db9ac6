// "Print the message of each notifications/progress as it arrives", judged by frame order
// rather than by time. The exercise's Paper Trail runs with --await-printed: after each
// progress event it sends nothing more of the call until the client has printed that
// message (the harness copies the client's stdout to it), or until it gives up. The harness
// notes how many frames were recorded when each piece of stdout came, before passing it on,
// so a client that prints each message as it reads it has always printed it before the
// call's next event was recorded, however loaded the machine; one that holds the messages
// back prints them only after the server gave up and sent more. After one wait in vain the
// call waits no more, and says so on stderr: later events prove nothing and are not judged.
import {
  exchanges,
  failAt,
  frameRef,
  framesBefore,
  notReached,
  pass,
  printedLinesAt,
  progressSteps,
  quote,
  replyEvent,
  say,
  type Check,
  type Exchange,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

/** For each progress event of the call, its message, its frame and the call's next event. */
function stepsWithNext(run: RunRecord, call: Exchange) {
  const all = exchanges(run);
  const replies = all
    .slice(all.indexOf(call))
    .map((ex) => replyEvent(ex, call.request.id)?.frame.seq)
    .filter((seq) => seq !== undefined);
  const steps = progressSteps(run, call.request);
  const events = [...steps.map((s) => s.read.frame.seq), ...replies].sort((a, b) => a - b);
  return steps.map((step) => {
    const seq = step.read.frame.seq;
    const next = events.find((e) => e > seq);
    return { message: step.message, progress: step.progress, seq, next, replies };
  });
}

/** The progress value after which the server stopped waiting (its stderr says), if it did. */
export function gaveUpAt(stderr: string): number | undefined {
  const values = [...stderr.matchAll(/\(progress (\d+(?:\.\d+)?)\) was not printed within/g)];
  return values.length === 0 ? undefined : Math.min(...values.map((m) => Number(m[1])));
}

export function printsAsItArrives(isCall: (ex: Exchange) => boolean): Check {
  return {
    id: 'prints-as-it-arrives',
    title: 'Print each progress message as it arrives',
    hint: 'Print each progress message inside your reading loop, the moment its event is parsed; do not keep the messages to print when the stream ends or the result comes.',
    run(run) {
      const call = exchanges(run).find(isCall);
      const last = gaveUpAt(run.peer.stderr) ?? Infinity;
      const steps = (call ? stepsWithNext(run, call) : []).filter(
        (s) => s.next !== undefined && s.progress <= last,
      );
      if (steps.length === 0)
        return notReached('No progress event of your call was followed by another event.');
      const lines = printedLinesAt(run);
      let judged = 0;
      for (const { message, seq, next, replies } of steps) {
        const at = failAt(seq);
        const arrived = say`The progress message ${quote(message, 120)} arrived in ${frameRef(seq)}`;
        const line = lines.find((l) => l.text === message);
        if (!line) {
          // Not printed at all is the prints-scans check's business, unless time ran out.
          if (run.verdict !== 'timeout') continue;
          return at`${arrived}, but the run ran out of time (${String(run.timeoutMs / 1000)} s) before your client printed it, though the server had gone on to ${frameRef(next!)}. Print each progress message as soon as its event arrives.`;
        }
        // The frames recorded once the line's end was in: the line is printed from then on.
        const before = framesBefore(run, line.offset + line.text.length);
        if (before <= next!) {
          judged++;
          continue;
        }
        const what = replies.includes(before - 1) ? ' (the result)' : '';
        return at`${arrived}, and Paper Trail waited for that line on your stdout before sending more; it gave up and sent ${frameRef(next!)}, and your client printed the line only after ${frameRef(before - 1)}${what} had come. Print each progress message as soon as its event arrives, not when its stream ends or the result comes.`;
      }
      if (judged === 0) return notReached('Your client printed none of the progress messages.');
      const each =
        judged === 1 ? 'The progress message' : `Each of the ${judged} progress messages`;
      return pass`${each} you printed came out before the call's next event, as it arrived.`;
    },
  };
}

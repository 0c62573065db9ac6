// Checks for cancel-in-flight: a raw client calls track_shipment with a progress token,
// prints the message of each progress step, sends notifications/cancelled for that call right
// after the second step, ignores whatever the server still sends about it, and stops.
// In a check run Paper Trail plans the tracking per run (tools/track-shipment.ts): the scan
// texts, the progress values (per cent), the pauses, and whether the rest of the steps and
// the result are already on their way when the cancel is sent (a rush). Everything below is
// judged against the frames of this run.
import { frameRef, say } from '../../sandbox/checks/say.ts';
import type { Check, Outcome, RunRecord } from '../../sandbox/contract/check.ts';
import { cleanExit, rawClientBasics, readsWholeLines } from '../../sandbox/checks/client-checks.ts';
import { quote } from '../../sandbox/checks/frames.ts';
import type { Read } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { conversation, isObject, printedLines, stalled } from '../../sandbox/checks/run-story.ts';

const PROGRESS = 'notifications/progress';
const CANCELLED = 'notifications/cancelled';
/** The order the task has the client track. */
const ORDER = 'PT-1041';
/**
 * Frames the server wrote within this long after the second step came in the same burst:
 * the client could not have been waiting for them when it decided to cancel. Paper Trail's
 * paced steps are at least 250 ms apart; a rush writes the rest in the same instant.
 */
const BURST_MS = 100;

function paramsOf(r: Read): Record<string, unknown> | undefined {
  const params = r.message && 'params' in r.message ? r.message.params : undefined;
  return isObject(params) ? params : undefined;
}

/** How an id or token reads in a message: 2 and "2" must look different. */
function shown(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** The client's track_shipment call. */
function theCall(run: RunRecord) {
  return conversation(run)
    .requests('c2s')
    .find((r) => r.message.method === 'tools/call' && paramsOf(r)?.name === 'track_shipment');
}

function tokenOf(call: Read): unknown {
  const meta = paramsOf(call)?._meta;
  return isObject(meta) ? meta.progressToken : undefined;
}

/** The progress notifications the server sent for the call's token, in order. */
function steps(run: RunRecord, call: Read): Read[] {
  const token = tokenOf(call);
  if (token === undefined) return [];
  return conversation(run)
    .notifications('s2c')
    .filter((r) => r.message.method === PROGRESS && paramsOf(r)?.progressToken === token);
}

function messageOf(step: Read): string {
  const message = paramsOf(step)?.message;
  return typeof message === 'string' ? message : '';
}

/** The client's first notifications/cancelled, whatever shape it has. */
function firstCancel(run: RunRecord): Read | undefined {
  return conversation(run)
    .from('c2s')
    .find((r) => !!r.message && 'method' in r.message && r.message.method === CANCELLED);
}

/** The cancel that names the call, with the same id of the same type; else undefined. */
function goodCancel(run: RunRecord, call: Read): Read | undefined {
  const id = call.message && 'id' in call.message ? call.message.id : undefined;
  return conversation(run)
    .from('c2s')
    .find(
      (r) =>
        r.message?.kind === 'notification' &&
        r.message.method === CANCELLED &&
        paramsOf(r)?.requestId === id,
    );
}

/** The call and the cancel that names it, or why a check about the cancel has nothing to judge. */
function callAndCancel(run: RunRecord): { call: Read; cancel: Read } | Outcome {
  const call = theCall(run);
  if (!call) return notReached('There was no track_shipment call to cancel.');
  const cancel = goodCancel(run, call);
  if (!cancel) return notReached('No cancel named the call (see the cancels-the-call check).');
  return { call, cancel };
}

/** The first content text of a result, which is what a client would print of it. */
function resultText(reply: Read | undefined): string | undefined {
  if (reply?.message?.kind !== 'result') return undefined;
  const first = (reply.message.result.content as unknown[] | undefined)?.[0];
  return isObject(first) && typeof first.text === 'string' ? first.text : undefined;
}

const noCall = (run: RunRecord): Outcome =>
  conversation(run)
    .requests('c2s')
    .some((r) => r.message.method === 'initialize')
    ? stalled(
        run,
        'Your client never sent tools/call for track_shipment, so there was nothing to follow or cancel.',
      )
    : notReached('Your client never got as far as a tool call (see the handshake check).');

const callsWithToken: Check = {
  id: 'calls-with-token',
  title: 'Call track_shipment with a progress token',
  hint: 'Put the token in the request itself: "params": {"name": "track_shipment", "arguments": {…}, "_meta": {"progressToken": "any-string-or-integer"}}. Without it the server sends no progress at all.',
  run(run) {
    const call = theCall(run);
    if (!call) return noCall(run);
    const n = call.frame.seq;
    const params = paramsOf(call) ?? {};
    const token = tokenOf(call);
    if (token === undefined) {
      const astray =
        'progressToken' in params
          ? 'params.progressToken'
          : isObject(params.arguments) && 'progressToken' in params.arguments
            ? 'params.arguments.progressToken'
            : isObject(params.arguments) && '_meta' in params.arguments
              ? 'params.arguments._meta'
              : undefined;
      return {
        ok: false,
        frame: n,
        message: astray
          ? say`Your tools/call (${frameRef(n)}) has its token at ${astray}, where no server looks: the token belongs at params._meta.progressToken, beside name and arguments. Without it the server sent no progress.`
          : say`Your tools/call (${frameRef(n)}) has no params._meta.progressToken, so the server had no token to report progress under and sent none.`,
      };
    }
    if (typeof token !== 'string' && !Number.isInteger(token)) {
      return {
        ok: false,
        frame: n,
        message: say`Your tools/call (${frameRef(n)}) has progressToken ${quote(shown(token), 60)}; a progress token is a string or an integer.`,
      };
    }
    const args = params.arguments;
    const order = isObject(args) ? args.order_id : undefined;
    if (order !== ORDER) {
      return {
        ok: false,
        frame: n,
        message: say`Your tools/call (${frameRef(n)}) tracks order_id ${shown(order)}; the task asks for ${shown(ORDER)}.`,
      };
    }
    const reply = conversation(run).responseTo(call);
    if (reply?.message?.kind === 'result' && reply.message.result.isError === true) {
      return {
        ok: false,
        frame: reply.frame.seq,
        message: say`track_shipment failed in ${frameRef(reply.frame.seq)}: ${quote(resultText(reply) ?? '', 120)}. Ask for order "PT-1041".`,
      };
    }
    const first = steps(run, call)[0];
    return {
      ok: true,
      frame: n,
      message: first
        ? say`Your tools/call (${frameRef(n)}) carries progressToken ${shown(token)}, and the server reported under it from ${frameRef(first.frame.seq)} on.`
        : say`Your tools/call (${frameRef(n)}) carries progressToken ${shown(token)}.`,
    };
  },
};

const cancelsTheCall: Check = {
  id: 'cancels-the-call',
  title: 'Cancel the call by its own id',
  hint: 'notifications/cancelled has no id of its own; its params.requestId is the id you gave the tools/call, exactly as you sent it (the number 2 is not the string "2").',
  run(run) {
    const call = theCall(run);
    if (!call) return notReached('There was no track_shipment call to cancel.');
    const id = call.message.id;
    const good = goodCancel(run, call);
    if (good) {
      return {
        ok: true,
        frame: good.frame.seq,
        message: say`Your notifications/cancelled (${frameRef(good.frame.seq)}) names requestId ${shown(id)}, the id of your tools/call (${frameRef(call.frame.seq)}).`,
      };
    }
    const cancel = firstCancel(run);
    if (!cancel) {
      const second = steps(run, call)[1];
      return second
        ? stalled(
            run,
            say`Your client never sent notifications/cancelled for its tools/call (${frameRef(call.frame.seq)}), not even after the second progress step (${frameRef(second.frame.seq)}, progress ${shown(paramsOf(second)?.progress)}).`,
            second.frame.seq,
          )
        : stalled(
            run,
            say`Your client never sent notifications/cancelled for its tools/call (${frameRef(call.frame.seq)}).`,
          );
    }
    const c = cancel.frame.seq;
    const params = paramsOf(cancel);
    if (!params || !('requestId' in params)) {
      return {
        ok: false,
        frame: c,
        message: say`Your notifications/cancelled (${frameRef(c)}) has no params.requestId, so the server cannot tell which request to stop; expected ${shown(id)}, the id of your tools/call (${frameRef(call.frame.seq)}).`,
      };
    }
    const named = params.requestId;
    const other = conversation(run)
      .requests('c2s')
      .find((r) => r.message.id === named);
    if (other?.message.method === 'initialize') {
      return {
        ok: false,
        frame: c,
        message: say`Your notifications/cancelled (${frameRef(c)}) names requestId ${shown(named)}: that is your initialize (${frameRef(other.frame.seq)}), which a client must never cancel. Name the tools/call instead: its id is ${shown(id)} (${frameRef(call.frame.seq)}).`,
      };
    }
    if (named === id && 'id' in cancel.message!) {
      return {
        ok: false,
        frame: c,
        message: say`Your notifications/cancelled (${frameRef(c)}) names the right requestId, ${shown(named)}, but carries an id of its own, so the server took it for a request (see notifications-no-id) and did not cancel your call.`,
      };
    }
    if (String(named) === String(id)) {
      return {
        ok: false,
        frame: c,
        message: say`Your notifications/cancelled (${frameRef(c)}) names requestId ${shown(named)}, but your tools/call (${frameRef(call.frame.seq)}) has id ${shown(id)}: a ${typeof named} is not a ${typeof id}, so the server knows no such request and goes on.`,
      };
    }
    return {
      ok: false,
      frame: c,
      message: say`Your notifications/cancelled (${frameRef(c)}) names requestId ${shown(named)}; expected ${shown(id)}, the id of your tools/call (${frameRef(call.frame.seq)}). Take it from the request you sent, not from a count of your own.`,
    };
  },
};

const cancelsAfterStepTwo: Check = {
  id: 'cancels-after-step-2',
  title: 'Cancel as soon as the second progress step arrives',
  hint: 'Count the notifications/progress messages that carry your token; when the second one arrives, send the cancel right then. Count the messages, not the progress value: it is a running total whose numbers change from run to run.',
  run(run) {
    const found = callAndCancel(run);
    if ('ok' in found) return found;
    const { call, cancel } = found;
    const c = cancel.frame.seq;
    const all = steps(run, call);
    const before = all.filter((s) => s.frame.seq < c);
    if (before.length < 2) {
      const last = before.at(-1);
      return {
        ok: false,
        frame: c,
        message: last
          ? say`You cancelled in ${frameRef(c)} after only ${String(before.length)} progress step (${frameRef(last.frame.seq)}); wait for the second one.`
          : say`You cancelled in ${frameRef(c)} before any progress step arrived; wait for the second notifications/progress with your token.`,
      };
    }
    const second = before[1]!;
    const reply = conversation(run).responseTo(call);
    // Frames the client had to wait for after the second step: the ones not in its burst.
    const waited = [...before.slice(2), ...(reply && reply.frame.seq < c ? [reply] : [])].find(
      (r) => r.frame.t - second.frame.t > BURST_MS,
    );
    if (waited) {
      const what = waited === reply ? 'the result' : 'a later progress step';
      return {
        ok: false,
        frame: waited.frame.seq,
        message: say`You cancelled in ${frameRef(c)}, after ${what} (${frameRef(waited.frame.seq)}) that came ${String(Math.round(waited.frame.t - second.frame.t))} ms after the second step (${frameRef(second.frame.seq)}). Send the cancel as soon as the second step arrives.`,
      };
    }
    const progressValue = paramsOf(second)?.progress;
    return {
      ok: true,
      frame: c,
      message: say`You cancelled in ${frameRef(c)}, right after the second step (${frameRef(second.frame.seq)}, progress ${shown(progressValue)}).`,
    };
  },
};

const printsSteps: Check = {
  id: 'prints-steps',
  title: 'Print the message of each step you got before cancelling',
  hint: 'For each notifications/progress with your token, print params.message on a line of its own; after you cancel, print nothing more about that call.',
  run(run) {
    const call = theCall(run);
    if (!call) return notReached('There was no track_shipment call to follow.');
    const all = steps(run, call);
    if (all.length === 0)
      return notReached('The server sent no progress for your call (see calls-with-token).');
    const late = resultText(conversation(run).responseTo(call));
    const lines = printedLines(run).filter((l) => late === undefined || !l.includes(late));
    const expected = all.slice(0, 2);
    const shownLines = quote(lines.join('\n'), 240);
    const matches = (line: string | undefined, step: Read) =>
      line !== undefined && messageOf(step) !== '' && line.includes(messageOf(step));
    const stray = all.slice(2).find((s) => lines.some((l) => matches(l, s)));
    if (stray) {
      return {
        ok: false,
        frame: stray.frame.seq,
        message: say`You printed ${quote(messageOf(stray), 120)} from ${frameRef(stray.frame.seq)}, a step after the second: once you decide to cancel, nothing more about that call is yours to show, even what was already on its way.`,
      };
    }
    if (lines.length === expected.length && expected.every((s, i) => matches(lines[i], s))) {
      return {
        ok: true,
        frame: expected[0]!.frame.seq,
        message: expected[1]
          ? say`You printed the messages of the two steps, ${frameRef(expected[0]!.frame.seq)} and ${frameRef(expected[1].frame.seq)}.`
          : say`You printed the message of the only step there was (${frameRef(expected[0]!.frame.seq)}).`,
      };
    }
    const want = quote(expected.map(messageOf).join('\n'), 240);
    const hardCoded = lines.length > 0 && !lines.some((l) => all.some((s) => matches(l, s)));
    return {
      ok: false,
      frame: expected[0]!.frame.seq,
      message: hardCoded
        ? say`You printed ${shownLines}, which is in none of this run's progress messages (the scans change from run to run); expected ${want}, the params.message of ${frameRef(expected[0]!.frame.seq)}${expected[1] ? say` and ${frameRef(expected[1].frame.seq)}` : ''}.`
        : say`Expected ${want}, the params.message of the first two steps (${frameRef(expected[0]!.frame.seq)}${expected[1] ? say`, ${frameRef(expected[1].frame.seq)}` : ''}), one per line and nothing else on stdout; saw ${shownLines}.`,
    };
  },
};

const ignoresLateReply: Check = {
  id: 'ignores-late-reply',
  title: 'Ignore a reply to the cancelled call',
  hint: 'Keep a note that you cancelled the call; when a response with its id still arrives (the server may have finished before your cancel reached it), drop it without printing.',
  run(run) {
    const found = callAndCancel(run);
    if ('ok' in found) return found;
    const { call, cancel } = found;
    const reply = conversation(run).responseTo(call);
    if (!reply) {
      return {
        ok: true,
        message: say`No reply came for the cancelled call, as the spec asks of the server; there was nothing to ignore.`,
      };
    }
    const text = resultText(reply);
    const said = text !== undefined && run.program.stdout.includes(text);
    if (said) {
      return {
        ok: false,
        frame: reply.frame.seq,
        message: say`You printed the result of the call you had cancelled (${frameRef(reply.frame.seq)}, ${quote(text, 120)}). It crossed your cancel (${frameRef(cancel.frame.seq)}) on the way: the server had finished before it read the cancel. A cancelled call is over for you; drop its reply.`,
      };
    }
    return {
      ok: true,
      frame: reply.frame.seq,
      message: say`A reply still came (${frameRef(reply.frame.seq)}): it crossed your cancel (${frameRef(cancel.frame.seq)}). You did not print it.`,
    };
  },
};

const stopsAfterCancel: Check = {
  id: 'stops-after-cancel',
  title: 'Stop waiting once you have cancelled',
  hint: "After the cancel, wait for nothing more from that call: a cancelled request normally gets no reply at all. Close the server's stdin (child.stdin.end()) and let your program end.",
  run(run) {
    const found = callAndCancel(run);
    if ('ok' in found) return found;
    const { call, cancel } = found;
    const c = cancel.frame.seq;
    if (run.verdict === 'timeout') {
      const reply = conversation(run).responseTo(call);
      return {
        ok: false,
        frame: c,
        message: run.stdinClosed
          ? say`After your cancel (${frameRef(c)}) your client closed the server's stdin but did not end: something (a timer, an open handle) kept it running until the harness stopped it.`
          : say`After your cancel (${frameRef(c)}) your client kept the server open and waited until the harness stopped it${reply ? '' : ': no reply came, and none should. A cancelled request gets no response'}. Close the server's stdin right after cancelling.`,
      };
    }
    return {
      ok: true,
      frame: c,
      message: say`After your cancel (${frameRef(c)}) your client waited for nothing more.`,
    };
  },
};

export const checks: Check[] = [
  ...rawClientBasics([
    'initialize',
    'ping',
    'notifications/initialized',
    CANCELLED,
    'tools/list',
    'tools/call',
  ]),
  callsWithToken,
  cancelsTheCall,
  cancelsAfterStepTwo,
  readsWholeLines,
  printsSteps,
  ignoresLateReply,
  stopsAfterCancel,
  cleanExit,
];

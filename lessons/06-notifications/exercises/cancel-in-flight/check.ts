// Checks for cancel-in-flight: a raw client calls track_shipment with a progress token, prints
// each step's message, cancels the call right after the second step, ignores whatever the
// server still sends about it, and stops. Paper Trail plans the tracking per run (the scans,
// the progress values, the pauses, and whether the rest rushes out as the cancel is sent: see
// tools/track-shipment.ts), so everything is judged against the frames of this run.
import {
  aKindOf,
  argumentsOf,
  cancelOf,
  conversation,
  fail,
  failAt,
  frameRef,
  given,
  isNotification,
  isRequest,
  json,
  jsonOrNothing,
  paramsOf,
  pass,
  printedLines,
  progressTokenOf,
  progressUnder,
  quote,
  sdkFreeClientChecks,
  replyText,
  replyTo,
  requestById,
  requestsOf,
  resultOf,
  say,
  stalledAt,
  stringOf,
  toolCalls,
  unjudged,
  type Check,
  type Read,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

const TOOL = 'track_shipment';
const CANCELLED = 'notifications/cancelled';
const ORDER = 'PT-1041'; // the order the task has the client track
// Frames the server wrote within this long after the second step came in its burst: the client
// was not waiting for them when it cancelled (paced steps are at least 250 ms apart; a rush
// writes the rest in the same instant).
const BURST_MS = 100;

const theCall = (run: RunRecord) => toolCalls(run, TOOL)[0];
const messageOf = (step: Read) => stringOf(paramsOf(step).message) ?? '';

const steps = (run: RunRecord, call: Read) => progressUnder(run, progressTokenOf(call));

const withCall = given((run) => theCall(run) ?? 'There was no track_shipment call to cancel.');
/** Checks about the cancel: without the call, or a cancel that names it, nothing to judge. */
const afterCancel = given((run) => {
  const call = theCall(run);
  const cancel = call && cancelOf(run, call);
  if (!call) return 'There was no track_shipment call to cancel.';
  if (!cancel) return 'No cancel named the call (see the cancels-the-call check).';
  return { call, c: cancel.frame.seq };
});

const callsWithToken: Check = {
  id: 'calls-with-token',
  title: 'Call track_shipment with a progress token',
  hint: 'Put the token in the request itself: "params": {"name": "track_shipment", "arguments": {…}, "_meta": {"progressToken": "any-string-or-integer"}}. Without it the server sends no progress at all.',
  run(run) {
    const call = theCall(run);
    if (!call && requestsOf(run, 'initialize').length === 0)
      return unjudged`Your client never got as far as a tool call (see the handshake check).`;
    const hung = stalledAt(run);
    if (!call)
      return hung`Your client never sent tools/call for track_shipment, so there was nothing to follow or cancel.`;
    const n = call.frame.seq;
    const [params, args, token] = [paramsOf(call), argumentsOf(call), progressTokenOf(call)];
    const astray = [
      'progressToken' in params && 'params.progressToken',
      'progressToken' in args && 'params.arguments.progressToken',
      '_meta' in args && 'params.arguments._meta',
    ].find((place) => typeof place === 'string');
    if (token === undefined && astray)
      return fail`Your tools/call (${frameRef(n)}) has its token at ${astray}, where no server looks: the token belongs at params._meta.progressToken, beside name and arguments. Without it the server sent no progress.`;
    if (token === undefined)
      return fail`Your tools/call (${frameRef(n)}) has no params._meta.progressToken, so the server had no token to report progress under and sent none.`;
    if (typeof token !== 'string' && !Number.isInteger(token))
      return fail`Your tools/call (${frameRef(n)}) has progressToken ${json(token, 60)}; a progress token is a string or an integer.`;
    if (args.order_id !== ORDER)
      return fail`Your tools/call (${frameRef(n)}) tracks order_id ${jsonOrNothing(args.order_id)}; the task asks for ${jsonOrNothing(ORDER)}.`;
    const reply = replyTo(run, call);
    if (resultOf(reply)?.isError === true)
      return fail`track_shipment failed in ${frameRef(reply!.frame.seq)}: ${quote(replyText(reply) ?? '', 120)}. Ask for order "PT-1041".`;
    const first = steps(run, call)[0];
    return first
      ? pass`Your tools/call (${frameRef(n)}) carries progressToken ${jsonOrNothing(token)}, and the server reported under it from ${frameRef(first.frame.seq)} on.`
      : pass`Your tools/call (${frameRef(n)}) carries progressToken ${jsonOrNothing(token)}.`;
  },
};

const cancelsTheCall = withCall({
  id: 'cancels-the-call',
  title: 'Cancel the call by its own id',
  hint: 'notifications/cancelled has no id of its own; its params.requestId is the id you gave the tools/call, exactly as you sent it (the number 2 is not the string "2").',
  judge: (run, call) => {
    const id = call.message.id;
    const callAt = frameRef(call.frame.seq);
    const good = cancelOf(run, call);
    if (good)
      return pass`Your notifications/cancelled (${frameRef(good.frame.seq)}) names requestId ${jsonOrNothing(id)}, the id of your tools/call (${callAt}).`;
    // The client's first notifications/cancelled, whatever shape it has.
    const cancel = conversation(run).reads.find(
      (r) => isRequest(r, CANCELLED) || isNotification(r, CANCELLED, 'c2s'),
    );
    const second = steps(run, call)[1];
    const evenAfter = second
      ? say`, not even after the second progress step (${frameRef(second.frame.seq)}, progress ${jsonOrNothing(paramsOf(second).progress)})`
      : '';
    const hung = stalledAt(run, second?.frame.seq);
    if (!cancel)
      return hung`Your client never sent notifications/cancelled for its tools/call (${callAt})${evenAfter}.`;
    const c = frameRef(cancel.frame.seq);
    const params = paramsOf(cancel);
    if (!('requestId' in params))
      return fail`Your notifications/cancelled (${c}) has no params.requestId, so the server cannot tell which request to stop; expected ${jsonOrNothing(id)}, the id of your tools/call (${callAt}).`;
    const named = params.requestId;
    const other = requestById(run, named);
    if (other && isRequest(other, 'initialize'))
      return fail`Your notifications/cancelled (${c}) names requestId ${jsonOrNothing(named)}: that is your initialize (${frameRef(other.frame.seq)}), which a client must never cancel. Name the tools/call instead: its id is ${jsonOrNothing(id)} (${callAt}).`;
    if (named === id && 'id' in cancel.message!)
      return fail`Your notifications/cancelled (${c}) names the right requestId, ${jsonOrNothing(named)}, but carries an id of its own, so the server took it for a request (see notifications-no-id) and did not cancel your call.`;
    if (String(named) === String(id) && aKindOf(named) !== aKindOf(id))
      return fail`Your notifications/cancelled (${c}) names requestId ${jsonOrNothing(named)}, but your tools/call (${callAt}) has id ${jsonOrNothing(id)}: ${aKindOf(named)} is not ${aKindOf(id)}, so the server knows no such request and goes on.`;
    return fail`Your notifications/cancelled (${c}) names requestId ${jsonOrNothing(named)}; expected ${jsonOrNothing(id)}, the id of your tools/call (${callAt}). Take it from the request you sent, not from a count of your own.`;
  },
});

const cancelsAfterStepTwo = afterCancel({
  id: 'cancels-after-step-2',
  title: 'Cancel as soon as the second progress step arrives',
  hint: 'Count the notifications/progress messages that carry your token; when the second one arrives, send the cancel right then. Count the messages, not the progress value: it is a running total whose numbers change from run to run.',
  judge: (run, { call, c }) => {
    const before = steps(run, call).filter((s) => s.frame.seq < c);
    const last = before.at(-1);
    if (before.length < 2)
      return last
        ? fail`You cancelled in ${frameRef(c)} after only ${String(before.length)} progress step (${frameRef(last.frame.seq)}); wait for the second one.`
        : fail`You cancelled in ${frameRef(c)} before any progress step arrived; wait for the second notifications/progress with your token.`;
    const second = before[1]!;
    const reply = replyTo(run, call);
    // Frames the client had to wait for after the second step: the ones not in its burst.
    const waited = [...before.slice(2), ...(reply && reply.frame.seq < c ? [reply] : [])].find(
      (r) => r.frame.t - second.frame.t > BURST_MS,
    );
    if (waited) {
      const what = waited === reply ? 'the result' : 'a later progress step';
      const ms = String(Math.round(waited.frame.t - second.frame.t));
      const late = failAt(waited.frame.seq);
      return late`You cancelled in ${frameRef(c)}, after ${what} (${frameRef(waited.frame.seq)}) that came ${ms} ms after the second step (${frameRef(second.frame.seq)}). Send the cancel as soon as the second step arrives.`;
    }
    return pass`You cancelled in ${frameRef(c)}, right after the second step (${frameRef(second.frame.seq)}, progress ${jsonOrNothing(paramsOf(second).progress)}).`;
  },
});

const printsSteps: Check = {
  id: 'prints-steps',
  title: 'Print the message of each step you got before cancelling',
  hint: 'For each notifications/progress with your token, print params.message on a line of its own; after you cancel, print nothing more about that call.',
  run(run) {
    const call = theCall(run);
    if (!call) return unjudged`There was no track_shipment call to follow.`;
    const all = steps(run, call);
    if (all.length === 0)
      return unjudged`The server sent no progress for your call (see calls-with-token).`;
    const late = replyText(replyTo(run, call));
    const lines = printedLines(run).filter((l) => late === undefined || !l.includes(late));
    const expected = all.slice(0, 2);
    const [one, two] = expected.map((s) => frameRef(s.frame.seq));
    const shownLines = quote(lines.join('\n'), 240);
    const matches = (line: string | undefined, step: Read) =>
      line !== undefined && messageOf(step) !== '' && line.includes(messageOf(step));
    const stray = all.slice(2).find((s) => lines.some((l) => matches(l, s)));
    if (stray)
      return fail`You printed ${quote(messageOf(stray), 120)} from ${frameRef(stray.frame.seq)}, a step after the second: once you decide to cancel, nothing more about that call is yours to show, even what was already on its way.`;
    if (lines.length === expected.length && expected.every((s, i) => matches(lines[i], s)))
      return two
        ? pass`You printed the messages of the two steps, ${one!} and ${two}.`
        : pass`You printed the message of the only step there was (${one!}).`;
    const want = quote(expected.map(messageOf).join('\n'), 240);
    const hardCoded = lines.length > 0 && !lines.some((l) => all.some((s) => matches(l, s)));
    return hardCoded
      ? fail`You printed ${shownLines}, which is in none of this run's progress messages (the scans change from run to run); expected ${want}, the params.message of ${one!}${two ? say` and ${two}` : ''}.`
      : fail`Expected ${want}, the params.message of the first two steps (${one!}${two ? say`, ${two}` : ''}), one per line and nothing else on stdout; saw ${shownLines}.`;
  },
};

const ignoresLateReply = afterCancel({
  id: 'ignores-late-reply',
  title: 'Ignore a reply to the cancelled call',
  hint: 'Keep a note that you cancelled the call; when a response with its id still arrives (the server may have finished before your cancel reached it), drop it without printing.',
  judge: (run, { call, c }) => {
    const reply = replyTo(run, call);
    if (!reply)
      return pass`No reply came for the cancelled call, as the spec asks of the server; there was nothing to ignore.`;
    const text = replyText(reply);
    if (text !== undefined && run.program.stdout.includes(text))
      return fail`You printed the result of the call you had cancelled (${frameRef(reply.frame.seq)}, ${quote(text, 120)}). It crossed your cancel (${frameRef(c)}) on the way: the server had finished before it read the cancel. A cancelled call is over for you; drop its reply.`;
    return pass`A reply still came (${frameRef(reply.frame.seq)}): it crossed your cancel (${frameRef(c)}). You did not print it.`;
  },
});

const stopsAfterCancel = afterCancel({
  id: 'stops-after-cancel',
  title: 'Stop waiting once you have cancelled',
  hint: "After the cancel, wait for nothing more from that call: a cancelled request normally gets no reply at all. Close the server's stdin (child.stdin.end()) and let your program end.",
  judge: (run, { call, c }) => {
    if (run.verdict !== 'timeout')
      return pass`After your cancel (${frameRef(c)}) your client waited for nothing more.`;
    if (run.stdinClosed)
      return fail`After your cancel (${frameRef(c)}) your client closed the server's stdin but did not end: something (a timer, an open handle) kept it running until the harness stopped it.`;
    const noReply = replyTo(run, call)
      ? ''
      : ': no reply came, and none should. A cancelled request gets no response';
    return fail`After your cancel (${frameRef(c)}) your client kept the server open and waited until the harness stopped it${noReply}. Close the server's stdin right after cancelling.`;
  },
});

export const checks: Check[] = sdkFreeClientChecks([CANCELLED, 'tools/list', 'tools/call'], {
  sends: [callsWithToken, cancelsTheCall, cancelsAfterStepTwo],
  then: [printsSteps, ignoresLateReply, stopsAfterCancel],
});

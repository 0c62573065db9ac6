// Checks for port-to-2026: the lesson-2 raw client ported to 2026-07-28 (server/discover, the
// _meta envelope on every request, an input-required result retried with inputResponses),
// run by a read-only driver (drive.ts) that then runs the lesson-2 client against the same
// server to show, ungraded, what a 2025-11-25 client meets there.
import { isDeepStrictEqual } from 'node:util';
import {
  cleanExit,
  discoveryChecks,
  errorOf,
  fail,
  frameRef,
  frontUntil,
  howAnswered,
  inputRoundTrip,
  isObject,
  json,
  jsonrpcFrames,
  META_KEYS,
  oneMessagePerLine,
  paramsOf,
  pass,
  perRun,
  printedBefore,
  printedLinesAt,
  printsValue,
  quote,
  readsWholeLines,
  reportedRuns,
  replyTo,
  requestIds,
  resultOf,
  say,
  shownLine,
  shownStderr,
  textsOf,
  toolCalls,
  unjudged,
  type Check,
  type ReportedRun,
  type RunRecord,
  type Said,
} from '../../../../sandbox/checks/index.ts';

const VERSION = '2026-07-28';
const CAPS = META_KEYS.capabilities;
const ORDER = 'PT-1041';
/** drive.ts stops the lesson-2 client after this long (its LESSON_2_MS). */
const LESSON_2_S = 6;

// ---- Which frames are whose: the driver's @@ lines split the run into connections. ----

/** The port's run as if it had been the only program. */
const portOf = perRun((run) => frontUntil(run, 'lesson-2-start', 'port-exit'));

/** Each lesson-2 run after it, named by the --legacy mode its server ran with. */
const lesson2Of = perRun((run) => reportedRuns(run, 'lesson-2-start', 'lesson-2-end', 'legacy'));

/** A check held to the port's part of the run. */
const onPort = (check: Check): Check => ({ ...check, run: (run) => check.run(portOf(run)) });

// ---- Reading the port's conversation. ----

/** The cancel_order calls: the first, its answer, and the retry after an input_required. */
const cancellation = (port: RunRecord) => inputRoundTrip(port, toolCalls(port, 'cancel_order'));

// ---- The checks. ----

const orderStatus: Check = {
  id: 'order-status',
  title: `Call order_status for ${ORDER}`,
  hint: `Send tools/call with params {"name":"order_status","arguments":{"order_id":"${ORDER}"},"_meta":{…}}.`,
  run(port) {
    const call = toolCalls(port, 'order_status')[0];
    if (!call) return fail('Your client never called order_status.');
    const n = call.frame.seq;
    const args = paramsOf(call).arguments;
    if (!isObject(args) || args.order_id !== ORDER)
      return fail`Your order_status call (${frameRef(n)}) sends arguments ${JSON.stringify(args ?? null).slice(0, 120)}; expected {"order_id":"${ORDER}"}.`;
    const answer = replyTo(port, call);
    const result = resultOf(answer);
    if (!answer || result?.resultType !== 'complete' || !('structuredContent' in result))
      return fail`Your order_status call (${frameRef(n)}) ${howAnswered(answer)}, not a complete result with the order.`;
    return pass`order_status (${frameRef(n)}) returned the order in ${frameRef(answer.frame.seq)}.`;
  },
};

const inputRequired: Check = {
  id: 'input-required',
  title: 'Treat input_required as a question, not as the answer',
  hint: 'When result.resultType is "input_required", the tool has not run yet: answer its inputRequests and call the tool again; only a "complete" result is the answer. The server can ask only a client whose clientCapabilities declare {"elicitation":{"form":{}}}.',
  run(port) {
    const c = cancellation(port);
    if (!c.first) return fail('Your client never called cancel_order.');
    const n = c.first.frame.seq;
    const refused = errorOf(c.asked);
    if (refused?.code === -32021) {
      // Named after the call it refuses, but about the refusal.
      return fail(
        say`Your cancel_order call (${frameRef(n)}) was refused in ${frameRef(c.asked!.frame.seq)} with -32021 ${quote(refused.message, 160)}: its "${CAPS}" does not say the client can show an elicitation form, so the server cannot ask the user. Declare {"elicitation":{"form":{}}}.`,
        c.asked!.frame.seq,
      );
    }
    if (!c.inputRequired || !c.asked)
      return fail`Your cancel_order call (${frameRef(n)}) ${howAnswered(c.asked)}, not with the input_required result this exercise is about.`;
    const a = frameRef(c.asked.frame.seq);
    if (!c.retry)
      return fail`${a} answered your cancel_order call with resultType "input_required": the server was asking the user to confirm, and nothing was cancelled yet. Your client never called cancel_order again with the answer.`;
    return pass`${a} asked for input, and your client called again in ${frameRef(c.retry.frame.seq)}.`;
  },
};

const keyList = (keys: string[]) => keys.map((k) => `"${k}"`).join(', ');

const retriesWithAnswers: Check = {
  id: 'retry',
  title: 'Retry with inputResponses under the server’s keys and its requestState',
  hint: 'Retry with a new id, the same name and arguments, "inputResponses" with one {"action":"accept","content":{"confirm":true}} per key of inputRequests, and "requestState" exactly as you got it.',
  run(port) {
    const c = cancellation(port);
    if (!c.retry || !c.asked || !c.askedResult)
      return unjudged`There was no retry of an input_required cancel_order to judge (see the input-required check).`;
    const retry = say`Your retry (${frameRef(c.retry.frame.seq)})`;
    const a = frameRef(c.asked.frame.seq);
    const then = howAnswered(c.final);
    const params = paramsOf(c.retry);
    const first = paramsOf(c.first!);
    if (!isDeepStrictEqual(params.arguments, first.arguments))
      return fail`${retry} sends arguments ${json(params.arguments ?? null)}, not the ${json(first.arguments)} of the call it answers: a retry repeats the call.`;
    const given = params.inputResponses;
    if (!isObject(given))
      return fail`${retry} has no params.inputResponses, so it answers none of what ${a} asked (${keyList(c.keys)}). It ${then}.`;
    const keys = Object.keys(given);
    if (!isDeepStrictEqual([...keys].sort(), [...c.keys].sort()))
      return fail`${retry} answers under ${keys.length ? keyList(keys) : 'no key'}, but ${a} asked under ${keyList(c.keys)}: each answer goes under the key of the input request it answers. It ${then}.`;
    const bad = keys.find((k) => {
      const v = given[k];
      return (
        !isObject(v) || v.action !== 'accept' || !isObject(v.content) || v.content.confirm !== true
      );
    });
    if (bad !== undefined)
      return fail`Your retry's inputResponses.${bad} (${frameRef(c.retry.frame.seq)}) is ${json(given[bad], 160)}; an accepted form answer is {"action":"accept","content":{…}} with the fields of its requestedSchema, here {"confirm":true}. It ${then}.`;
    const state = c.askedResult.requestState;
    if (typeof state === 'string' && params.requestState !== state)
      return fail`${retry} sends requestState ${JSON.stringify(params.requestState ?? null)}, but ${a} gave ${JSON.stringify(state)}. It is the server's note to itself: send it back exactly as it came, never a value of your own.`;
    if (!c.final || resultOf(c.final)?.resultType !== 'complete')
      return fail`${retry} ${then}, not with a complete result.`;
    return pass`${retry} answered "${c.keys.join('", "')}" and sent requestState back; ${frameRef(c.final.frame.seq)} completed the cancellation.`;
  },
};

const printsResults: Check = {
  id: 'prints-results',
  title: 'Print the order, then the cancellation’s text, from the replies',
  hint: 'console.log(JSON.stringify(structuredContent)) for order_status, then console.log(text) of the final cancel_order result, each once its reply is in; nothing else on stdout.',
  run(port) {
    const statusAnswer = replyTo(port, toolCalls(port, 'order_status')[0]);
    const order = resultOf(statusAnswer)?.structuredContent;
    const c = cancellation(port);
    const text = textsOf(resultOf(c.final))[0];
    if (!statusAnswer || order === undefined || !c.final || text === undefined)
      return unjudged`Your client did not get both the order and a completed cancellation to print (see the checks above).`;
    const lines = printedLinesAt(port);
    const expected = [
      {
        want: JSON.stringify(order),
        ok: (l: string) => printsValue(l, order),
        reply: statusAnswer.frame.seq,
      },
      { want: text, ok: (l: string) => l.trim() === text, reply: c.final.frame.seq },
    ];
    for (const [i, e] of expected.entries()) {
      const line = lines[i];
      const reply = frameRef(e.reply);
      if (!line)
        return fail`Expected line ${i + 1} of your stdout to be ${shownLine(e.want, 160)} (from ${reply}); your program printed ${lines.length} line${lines.length === 1 ? '' : 's'}.`;
      if (e.ok(line.text) && printedBefore(port, line.offset, e.reply))
        return fail`You printed ${shownLine(line.text, 160)} before ${reply}, the reply it should come from, had arrived: print what the reply says once it is in.`;
      if (!e.ok(line.text))
        return fail`Line ${i + 1} of your stdout is ${shownLine(line.text, 160)}, but ${reply} says ${shownLine(e.want, 160)}. In a check run Paper Trail's orders change from run to run: print what this reply says, not a copy of an earlier answer.`;
    }
    if (lines.length > 2)
      return fail`Your stdout has ${lines.length} lines; print only the two (use console.error for anything else).`;
    return pass(
      say`You printed the order from ${frameRef(statusAnswer.frame.seq)} and the cancellation from ${frameRef(c.final.frame.seq)}.`,
      c.final.frame.seq,
    );
  },
};

// ---- Ungraded: the lesson-2 client against the same server. ----

/** What the lesson-2 client met, in words, and the frame that shows it best. */
function lesson2Story(l: ReportedRun): { said: Said; frame?: number } {
  const init = l.conv.requests('c2s')[0];
  const where =
    l.name === 'reject'
      ? 'Against Paper Trail v2 started with --legacy reject, a server that speaks 2026-07-28 only'
      : `Against Paper Trail v2 with --legacy ${l.name}`;
  if (!init) {
    const stopped = l.end?.stopped === true ? `, and was stopped after ${LESSON_2_S} s` : '';
    return { said: say`${where}, your lesson-2 client sent nothing${stopped}.` };
  }
  const answer = l.conv.responseTo(init);
  const result = resultOf(answer);
  const met =
    result && typeof result.protocolVersion === 'string'
      ? say`${init.message.method} (${frameRef(init.frame.seq)}) was answered in ${frameRef(answer!.frame.seq)} with protocolVersion ${quote(result.protocolVersion)}: the server served it as a 2025-11-25 client`
      : say`${init.message.method} (${frameRef(init.frame.seq)}) ${howAnswered(answer)}`;
  const end = l.end;
  const printed = typeof end?.stdout === 'string' ? end.stdout.trim() : '';
  const gist = typeof end?.stderr === 'string' ? shownStderr(end.stderr, 160) : '';
  const how = !end
    ? 'it did not finish'
    : end.stopped === true
      ? `it was still waiting after ${LESSON_2_S} s and was stopped`
      : end.code === 0
        ? 'it exited with code 0'
        : `it exited with ${end.signal ?? `code ${String(end.code)}`}${gist ? ` (${gist})` : ''}`;
  return {
    said: say`${where}, your lesson-2 client's ${met}; it printed ${printed ? quote(printed, 200) : 'nothing'}, and ${how}.`,
    frame: (answer ?? init).frame.seq,
  };
}

const lesson2Client: Check = {
  id: 'lesson-2-client',
  title: 'Your lesson-2 client against the same server',
  hint: 'Nothing to fix here: this shows what a 2025-11-25 client meets on a 2026-07-28 server.',
  info: true,
  run(run) {
    const lesson2 = lesson2Of(run);
    if (lesson2.length === 0)
      return unjudged`The driver did not get to run your lesson-2 client: your port did not finish in time.`;
    const stories = lesson2.map(lesson2Story);
    const message = stories.map((s) => s.said).reduce((all, said) => say`${all} ${said}`);
    return pass(message, stories.find((s) => s.frame !== undefined)?.frame);
  },
};

/** Every check but the last judges the port's part of the run only. */
export const checks: Check[] = [
  jsonrpcFrames,
  oneMessagePerLine,
  requestIds,
  ...discoveryChecks(VERSION),
  orderStatus,
  inputRequired,
  retriesWithAnswers,
  readsWholeLines,
  printsResults,
  cleanExit,
]
  .map(onPort)
  .concat(lesson2Client);

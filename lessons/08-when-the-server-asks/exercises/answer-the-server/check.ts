// Checks for answer-the-server: a raw client declares elicitation, calls cancel_order for
// PT-1041 (the user says yes) and then PT-1017 (the user declines), answers each
// elicitation/create the server sends in the middle of a call, and prints each call's result.
// Paper Trail runs with --asks --undelivered (tools/asks.ts): in a check run the seed decides
// each order's status and carrier, so what each result says changes from run to run, and no
// order is delivered yet, so both calls get their question. (Without --undelivered a delivered
// order is refused with no question at all: a run that asked nothing could judge no answer.)
// Everything below is judged against this run's frames.
import { isDeepStrictEqual } from 'node:util';
import {
  answerAttempt,
  argumentsOf,
  conversation,
  extraLines,
  fail,
  failAt,
  firstFailing,
  formMisfit,
  frameRef,
  hung,
  isObject,
  joined,
  json,
  jsonOrNothing,
  kindOf,
  looseReply,
  paramsOf,
  pass,
  printedLines,
  quote,
  sdkFreeClientChecks,
  replyText,
  replyTo,
  requestsOf,
  resultOf,
  say,
  shownLine,
  stalled,
  stringOf,
  toolCalls,
  unjudged,
  type Check,
  type Outcome,
  type Read,
  type Request,
  type RuleResult,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

const ASK = 'elicitation/create';
/** What the task asks the client to do with each order's question. */
const WANTED: Record<string, 'accept' | 'decline'> = { 'PT-1041': 'accept', 'PT-1017': 'decline' };
const ORDERS = Object.keys(WANTED);

const initializeOf = (run: RunRecord) => requestsOf(run, 'initialize')[0];
const cancelCalls = (run: RunRecord) => toolCalls(run, 'cancel_order');
const orderOf = (call: Read): unknown => argumentsOf(call).order_id;
/** The client's cancel_order call for one order. */
const callFor = (run: RunRecord, id: string) => cancelCalls(run).find((c) => orderOf(c) === id);
/** The server's questions, in order. */
const asks = (run: RunRecord) => requestsOf(run, ASK, 's2c');
/** Which order a question is about: Paper Trail names it in the message. */
const askedAbout = (ask: Read) =>
  ORDERS.find((id) => stringOf(paramsOf(ask).message)?.includes(`order ${id}?`));
const answerOrAttempt = (run: RunRecord, ask: Read) => replyTo(run, ask) ?? answerAttempt(run, ask);
/** The cancel_order call a question came in. */
const callBefore = (run: RunRecord, ask: Read) =>
  cancelCalls(run).find((c) => c.frame.seq < ask.frame.seq);

function nothingAsked(run: RunRecord): Outcome {
  const calls = cancelCalls(run);
  if (calls.length === 0)
    return unjudged`Your client never called cancel_order, so the server had nothing to ask.`;
  // A check run starts Paper Trail with --undelivered, so every cancel_order the task asks
  // for gets a question; a run without one has nothing to judge, which is not a pass.
  const refused = calls.flatMap((c) => replyTo(run, c) ?? []);
  if (refused.length > 0)
    return unjudged`The server asked nothing in this run, and answered your cancel_order with ${refused.map((r) => quote(replyText(r) ?? '', 80)).join(' and ')}.`;
  return unjudged`The server asked nothing in this run: no cancel_order call got as far as a question.`;
}

/** A check's run over every question the server asked: the first one `rule` fails on, else
 *  `passed` (said of all the questions). */
const eachQuestion =
  (rule: (run: RunRecord, ask: Request) => RuleResult, passed: (all: Request[]) => Outcome) =>
  (run: RunRecord): Outcome => {
    const all = asks(run);
    if (all.length === 0) return nothingAsked(run);
    return firstFailing(all, (ask) => rule(run, ask)) ?? passed(all);
  };

const declaresElicitation: Check = {
  id: 'declares-elicitation',
  title: 'Declare the elicitation capability in initialize',
  hint: 'A server may only ask what the client said it can answer: put "elicitation": {} (or {"form": {}}) in params.capabilities of your initialize.',
  run(run) {
    const init = initializeOf(run);
    if (!init) return unjudged`Your client sent no initialize (see the handshake check).`;
    const n = init.frame.seq;
    const caps = paramsOf(init).capabilities;
    const elicitation = isObject(caps) ? caps.elicitation : undefined;
    if (isObject(elicitation) && !('url' in elicitation && !('form' in elicitation)))
      return pass`Your initialize (${frameRef(n)}) declares elicitation ${jsonOrNothing(elicitation)}.`;
    const refused = cancelCalls(run)
      .map((c) => replyTo(run, c))
      .find((r) => replyText(r)?.includes('elicitation'));
    const seen = refused
      ? say` So the server could not ask and cancel_order failed in ${frameRef(refused.frame.seq)}: ${quote(replyText(refused) ?? '', 100)}.`
      : '';
    const what = isObject(elicitation)
      ? say`declares elicitation ${jsonOrNothing(elicitation)}, URL mode only; cancel_order asks with a form, which needs "form"`
      : isObject(caps) && 'elicitation' in caps
        ? say`declares elicitation as ${jsonOrNothing(elicitation)}; a capability is an object`
        : say`declares capabilities ${jsonOrNothing(caps)}, without elicitation`;
    return fail`Your initialize (${frameRef(n)}) ${what}.${seen}`;
  },
};

const callsBoth: Check = {
  id: 'calls-cancel-order',
  title: 'Call cancel_order for PT-1041, then for PT-1017',
  hint: 'Two tools/call requests with "name": "cancel_order" and "arguments": {"order_id": …}: PT-1041 first, and PT-1017 once the first has its result.',
  run(run) {
    const calls = cancelCalls(run);
    if (calls.length === 0 && !initializeOf(run))
      return unjudged`Your client never got as far as a tool call (see the handshake check).`;
    if (calls.length === 0)
      return stalled(run, 'Your client never sent tools/call for cancel_order.');
    const [ids, stuck] = [calls.map(orderOf), hung(run)];
    const missing = ORDERS.filter((id) => !ids.includes(id));
    if (missing.length > 0)
      return stuck`Your client called cancel_order for ${ids.map(jsonOrNothing).join(', ')} (from ${frameRef(calls[0]!.frame.seq)}) but never for ${missing.join(' and ')}.`;
    const [first, second] = ORDERS.map((id) => callFor(run, id)!.frame.seq) as [number, number];
    if (second < first)
      return fail`Your client asked to cancel PT-1017 (${frameRef(second)}) before PT-1041 (${frameRef(first)}); the task asks for PT-1041 first.`;
    const firstResult = replyTo(run, callFor(run, 'PT-1041'));
    if (!firstResult || firstResult.frame.seq > second) {
      const later = firstResult
        ? say`: that call's result came later, in ${frameRef(firstResult.frame.seq)}`
        : '';
      return fail`Your client asked to cancel PT-1017 (${frameRef(second)}) while its PT-1041 call (${frameRef(first)}) was still open${later}. The task asks for the second call only once the first has its result: await it first.`;
    }
    return pass`Your client called cancel_order for PT-1041 (${frameRef(first)}) and PT-1017 (${frameRef(second)}).`;
  },
};

const answersEachAsk: Check = {
  id: 'answers-with-its-id',
  title: "Answer each of the server's requests with its own id",
  hint: 'A line with "method" and "id" from the server is a request to you, not a reply. Answer it at once with {"jsonrpc":"2.0","id": <its id, copied as is>, "result": {…}}: the server counts its ids from 0, apart from yours, and 0 is not "0". Keep reading while your tools/call is open: its result comes only after your answer.',
  run: eachQuestion(
    (run, ask) => {
      const [a, id, stuck] = [ask.frame.seq, ask.message.id, hung(run)];
      if (replyTo(run, ask)) return undefined;
      const loose = looseReply(run, ask);
      if (loose)
        return fail`Your answer (${frameRef(loose.frame.seq)}) has id ${jsonOrNothing(loose.id)}, a ${kindOf(loose.id)}; the server's ${ASK} (${frameRef(a)}) has id ${jsonOrNothing(id)}, a ${kindOf(id)}. JSON-RPC ids match only with the same type: copy the id as it came. (SDK 1.32.2 lets this one through; the spec does not.)`;
      const attempt = answerAttempt(run, ask);
      if (attempt) {
        const mine = conversation(run)
          .requests('c2s')
          .some((r) => r.frame.seq < attempt.frame.seq && r.message.id !== undefined);
        const why = mine
          ? ': the server numbers its requests itself, from 0, apart from yours; an answer takes the id of the request it answers, not the next of your own'
          : '';
        return stuck`Your answer (${frameRef(attempt.frame.seq)}) has id ${jsonOrNothing(attempt.id)}, but the server's ${ASK} (${frameRef(a)}) has id ${jsonOrNothing(id)}${why}. The server found no request of its own with id ${jsonOrNothing(attempt.id)} and kept waiting.`;
      }
      const call = callBefore(run, ask);
      const yours = call
        ? say` (${frameRef(call.frame.seq)}, id ${jsonOrNothing(call.message.id)})`
        : '';
      return stuck`Your client never answered the server's ${ASK} (${frameRef(a)}, id ${jsonOrNothing(id)}). It has a "method": it is the server's request to you, not the result of your tools/call${yours}, and the server can finish that call only after your answer.`;
    },
    (all) =>
      pass`You answered ${all.length > 1 ? `each of the server's ${String(all.length)} questions` : "the server's question"} with its own id, from ${frameRef(all[0]!.frame.seq)} (id ${jsonOrNothing(all[0]!.message.id)}) on.`,
  ),
};

const answerShape: Check = {
  id: 'answer-shape',
  title: 'Each answer is an action, with content that fits the form only on accept',
  hint: 'result.action is "accept", "decline" or "cancel". Only "accept" carries result.content: an object with the fields of params.requestedSchema, each of its type ({"confirm": true}, a boolean, not "yes"), every required one present. A decline has no content at all.',
  run: eachQuestion(
    (run, ask) => {
      const reply = answerOrAttempt(run, ask);
      if (!reply)
        return unjudged`A question from the server got no answer to judge (see answers-with-its-id).`;
      const r = reply.frame.seq;
      const result = resultOf(reply);
      if (!result)
        return fail`Your answer (${frameRef(r)}) is an error, not a result; a user's choice is a result: {"action": "accept" | "decline" | "cancel", …}.`;
      const action = result.action;
      if (action !== 'accept' && action !== 'decline' && action !== 'cancel')
        return fail`Your answer (${frameRef(r)}) has action ${jsonOrNothing(action)}; expected "accept", "decline" or "cancel".`;
      if (action !== 'accept' && 'content' in result)
        return fail`Your answer (${frameRef(r)}) says "${action}" and still carries content ${json(result.content, 60)}: content goes only with "accept". A user who declines fills in nothing.`;
      const wrong =
        action === 'accept' && formMisfit(paramsOf(ask).requestedSchema, result.content);
      if (!wrong) return undefined;
      const verdict = replyTo(run, callBefore(run, ask) ?? ask);
      const server = replyText(verdict)?.includes('does not match')
        ? say` The server refused it: ${frameRef(verdict!.frame.seq)}.`
        : '';
      return fail`Your answer (${frameRef(r)}) accepts with content ${json(result.content, 60)}, which does not fit the form the ${ASK} (${frameRef(ask.frame.seq)}) asked for: ${wrong}.${server}`;
    },
    () => pass`Every answer names an action, and content came only with accept and fit the form.`,
  ),
};

const rightChoice: Check = {
  id: 'right-choice',
  title: 'Say yes to cancelling PT-1041, decline for PT-1017',
  hint: 'Answer the question that arrives while your PT-1041 call is open with accept and {"confirm": true}, and the one during your PT-1017 call with decline. Decide by the call the question arrives in, not by counting questions: a delivered order is refused without one, and one check session delivers PT-1041.',
  run: eachQuestion(
    (run, ask) => {
      const about = askedAbout(ask);
      const reply = answerOrAttempt(run, ask);
      const result = resultOf(reply);
      if (!about || !reply || !result) return undefined;
      const want = WANTED[about]!;
      const [r, late] = [reply.frame.seq, failAt(reply.frame.seq)];
      const only =
        asks(run).length === 1
          ? ' It was the only question this run: the other order could not be cancelled, so nothing else was asked.'
          : '';
      if (result.action !== want)
        return late`The server's ${ASK} (${frameRef(ask.frame.seq)}) is about ${about}, and your answer (${frameRef(r)}) says ${jsonOrNothing(result.action)}; for ${about} the task wants "${want}".${only}`;
      const confirm = isObject(result.content) ? result.content.confirm : undefined;
      if (want === 'accept' && confirm !== true)
        return fail`Your answer (${frameRef(r)}) accepts the form for ${about} but with confirm ${jsonOrNothing(confirm)}: the user wants it cancelled, so confirm is true.`;
      return undefined;
    },
    (all) =>
      pass`You answered each question as the user chose: ${all.map((a) => `${askedAbout(a) ?? '?'} ${WANTED[askedAbout(a) ?? ''] ?? ''}`).join(', ')}.`,
  ),
};

const printsOutcomes: Check = {
  id: 'prints-outcomes',
  title: 'Print the result of each call',
  hint: "Print the text of each cancel_order result (result.content[0].text), PT-1041's then PT-1017's, one per line, also when the result is an error. The server's question is not a result: it arrives while the call is still open.",
  run(run) {
    const got = ORDERS.flatMap((id) => replyTo(run, callFor(run, id)) ?? []);
    const lines = printedLines(run);
    const asQuestion = asks(run).find((q) => {
      const m = stringOf(paramsOf(q).message);
      return m !== undefined && lines.some((l) => l.includes(m));
    });
    if (asQuestion)
      return fail`You printed ${quote(String(paramsOf(asQuestion).message), 100)}: that is the question of the server's ${ASK} (${frameRef(asQuestion.frame.seq)}), a request to your client, not the result of your call. The result comes only after your answer.`;
    if (got.length === 0)
      return unjudged`No cancel_order call got its result, so there was no outcome to print.`;
    const refs = got.map((r) => say`${frameRef(r.frame.seq)}`);
    const [and, comma] = [joined(refs, ' and '), joined(refs, ', ')];
    const expected = got.map((r) => replyText(r) ?? '');
    if (isDeepStrictEqual(lines, expected))
      return pass`You printed the result of each call: ${and}.`;
    const extra = lines.filter((l) => !expected.includes(l));
    const rest = lines.filter((l) => expected.includes(l));
    if (extra.length > 0 && isDeepStrictEqual(rest, expected))
      return fail`You printed the text of each result (${comma}), but stdout also holds ${extraLines(extra.length)}, ${shownLine(extra[0]!)}. Stdout must hold those lines and nothing else: send anything for a human to stderr, with console.error.`;
    const want = quote(expected.join('\n'), 240);
    const saw = quote(lines.join('\n'), 240);
    if (lines.length > 0 && !lines.some((l) => expected.includes(l)))
      return fail`You printed ${saw}, which no result of this run says (each order's status and carrier change from run to run); expected ${want}, from ${and}.`;
    return fail`Expected ${want}, the text of each result (${comma}), one per line and nothing else on stdout; saw ${saw}.`;
  },
};

export const checks: Check[] = sdkFreeClientChecks(['tools/list', 'tools/call'], {
  sends: [declaresElicitation, callsBoth],
  then: [answersEachAsk, answerShape, rightChoice, printsOutcomes],
});

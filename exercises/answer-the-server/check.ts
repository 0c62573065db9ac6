// Checks for answer-the-server: a raw client declares elicitation, calls cancel_order for
// PT-1041 (the user says yes) and then PT-1017 (the user declines), answers each
// elicitation/create the server sends in the middle of a call, and prints each call's result.
// Paper Trail runs with --asks --undelivered (tools/asks.ts): in a check run the seed decides
// each order's status and carrier, so what each result says changes from run to run, and no
// order is delivered yet, so both calls get their question. (Without --undelivered a delivered
// order is refused with no question at all: a run that asked nothing could judge no answer.)
// Everything below is judged against this run's frames.
import { isDeepStrictEqual } from 'node:util';
import { extraLines } from '../../sandbox/checks/printed.ts';
import { shownLine } from '../../sandbox/checks/words.ts';
import { frameRef, say } from '../../sandbox/checks/say.ts';
import type { Check, Outcome, RunRecord, Said } from '../../sandbox/contract/check.ts';
import { cleanExit, rawClientBasics, readsWholeLines } from '../../sandbox/checks/client-checks.ts';
import { quote } from '../../sandbox/checks/frames.ts';
import type { Read } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { conversation, isObject, printedLines, stalled } from '../../sandbox/checks/run-story.ts';

const ASK = 'elicitation/create';
/** What the task asks the client to do with each order's question. */
const WANTED: Record<string, 'accept' | 'decline'> = { 'PT-1041': 'accept', 'PT-1017': 'decline' };
const ORDERS = Object.keys(WANTED);

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));
const kindOf = (value: unknown): string => (typeof value === 'string' ? 'string' : typeof value);

function paramsOf(r: Read): Record<string, unknown> {
  const params = r.message && 'params' in r.message ? r.message.params : undefined;
  return isObject(params) ? params : {};
}

function initializeOf(run: RunRecord) {
  return conversation(run)
    .requests('c2s')
    .find((r) => r.message.method === 'initialize');
}

/** The client's cancel_order calls, in the order sent. */
function cancelCalls(run: RunRecord) {
  return conversation(run)
    .requests('c2s')
    .filter((r) => r.message.method === 'tools/call' && paramsOf(r).name === 'cancel_order');
}

function orderOf(call: Read): unknown {
  const args = paramsOf(call).arguments;
  return isObject(args) ? args.order_id : undefined;
}

/** The server's questions, in order. */
function asks(run: RunRecord) {
  return conversation(run)
    .requests('s2c')
    .filter((r) => r.message.method === ASK);
}

/** Which order a question is about: Paper Trail names it in the message. */
function askedAbout(ask: Read): string | undefined {
  const message = paramsOf(ask).message;
  return ORDERS.find((id) => typeof message === 'string' && message.includes(`order ${id}?`));
}

/** The client's frames that are replies (result or error), in order. */
function clientReplies(run: RunRecord): Read[] {
  return conversation(run)
    .from('c2s')
    .filter((r) => r.kind === 'response');
}

/** The reply to a question with exactly its id, if one came. */
function answerTo(run: RunRecord, ask: Read): Read | undefined {
  return conversation(run).responseTo(ask);
}

/** A reply that was meant for the question, whatever id it carries: the first after it. */
function attemptAt(run: RunRecord, ask: Read): Read | undefined {
  const next = asks(run).find((a) => a.frame.seq > ask.frame.seq);
  return clientReplies(run).find(
    (r) =>
      r.frame.seq > ask.frame.seq &&
      (next === undefined || r.frame.seq < next.frame.seq) &&
      r.pairedWith === undefined,
  );
}

function resultOf(reply: Read | undefined): Record<string, unknown> | undefined {
  return reply?.message?.kind === 'result' ? reply.message.result : undefined;
}

function resultText(reply: Read | undefined): string | undefined {
  const first = (resultOf(reply)?.content as unknown[] | undefined)?.[0];
  return isObject(first) && typeof first.text === 'string' ? first.text : undefined;
}

const nothingAsked = (run: RunRecord): Outcome => {
  const calls = cancelCalls(run);
  if (calls.length === 0) {
    return notReached('Your client never called cancel_order, so the server had nothing to ask.');
  }
  // A check run starts Paper Trail with --undelivered, so every cancel_order the task asks
  // for gets a question; a run without one has nothing to judge, which is not a pass.
  const refused = calls
    .map((c) => conversation(run).responseTo(c))
    .filter((r): r is Read => r !== undefined);
  return notReached(
    refused.length > 0
      ? say`The server asked nothing in this run, and answered your cancel_order with ${refused.map((r) => quote(resultText(r) ?? '', 80)).join(' and ')}.`
      : say`The server asked nothing in this run: no cancel_order call got as far as a question.`,
  );
};

const declaresElicitation: Check = {
  id: 'declares-elicitation',
  title: 'Declare the elicitation capability in initialize',
  hint: 'A server may only ask what the client said it can answer: put "elicitation": {} (or {"form": {}}) in params.capabilities of your initialize.',
  run(run) {
    const init = initializeOf(run);
    if (!init) return notReached('Your client sent no initialize (see the handshake check).');
    const n = init.frame.seq;
    const caps = paramsOf(init).capabilities;
    const elicitation = isObject(caps) ? caps.elicitation : undefined;
    if (isObject(elicitation) && !('url' in elicitation && !('form' in elicitation))) {
      return {
        ok: true,
        frame: n,
        message: say`Your initialize (${frameRef(n)}) declares elicitation ${shown(elicitation)}.`,
      };
    }
    const refused = cancelCalls(run)
      .map((c) => conversation(run).responseTo(c))
      .find((r) => resultText(r)?.includes('elicitation'));
    const seen = refused
      ? say` So the server could not ask and cancel_order failed in ${frameRef(refused.frame.seq)}: ${quote(resultText(refused) ?? '', 100)}.`
      : '';
    const what = isObject(elicitation)
      ? say`declares elicitation ${shown(elicitation)}, URL mode only; cancel_order asks with a form, which needs "form"`
      : isObject(caps) && 'elicitation' in caps
        ? say`declares elicitation as ${shown(elicitation)}; a capability is an object`
        : say`declares capabilities ${quote(shown(caps), 80)}, without elicitation`;
    return {
      ok: false,
      frame: n,
      message: say`Your initialize (${frameRef(n)}) ${what}.${seen}`,
    };
  },
};

const callsBoth: Check = {
  id: 'calls-cancel-order',
  title: 'Call cancel_order for PT-1041, then for PT-1017',
  hint: 'Two tools/call requests with "name": "cancel_order" and "arguments": {"order_id": …}: PT-1041 first, and PT-1017 once the first has its result.',
  run(run) {
    const calls = cancelCalls(run);
    const init = initializeOf(run);
    if (calls.length === 0) {
      return init
        ? stalled(run, 'Your client never sent tools/call for cancel_order.')
        : notReached('Your client never got as far as a tool call (see the handshake check).');
    }
    const ids = calls.map(orderOf);
    const missing = ORDERS.filter((id) => !ids.includes(id));
    if (missing.length > 0) {
      const c = calls[0]!.frame.seq;
      return stalled(
        run,
        say`Your client called cancel_order for ${ids.map(shown).join(', ')} (from ${frameRef(c)}) but never for ${missing.join(' and ')}.`,
        c,
      );
    }
    const first = calls.find((c) => orderOf(c) === 'PT-1041')!;
    const second = calls.find((c) => orderOf(c) === 'PT-1017')!;
    if (second.frame.seq < first.frame.seq) {
      return {
        ok: false,
        frame: second.frame.seq,
        message: say`Your client asked to cancel PT-1017 (${frameRef(second.frame.seq)}) before PT-1041 (${frameRef(first.frame.seq)}); the task asks for PT-1041 first.`,
      };
    }
    const firstResult = conversation(run).responseTo(first);
    if (!firstResult || firstResult.frame.seq > second.frame.seq) {
      return {
        ok: false,
        frame: second.frame.seq,
        message: say`Your client asked to cancel PT-1017 (${frameRef(second.frame.seq)}) while its PT-1041 call (${frameRef(first.frame.seq)}) was still open${
          firstResult
            ? say`: that call's result came later, in ${frameRef(firstResult.frame.seq)}`
            : ''
        }. The task asks for the second call only once the first has its result: await it first.`,
      };
    }
    return {
      ok: true,
      frame: first.frame.seq,
      message: say`Your client called cancel_order for PT-1041 (${frameRef(first.frame.seq)}) and PT-1017 (${frameRef(second.frame.seq)}).`,
    };
  },
};

const answersEachAsk: Check = {
  id: 'answers-with-its-id',
  title: "Answer each of the server's requests with its own id",
  hint: 'A line with "method" and "id" from the server is a request to you, not a reply. Answer it at once with {"jsonrpc":"2.0","id": <its id, copied as is>, "result": {…}}: the server counts its ids from 0, apart from yours, and 0 is not "0". Keep reading while your tools/call is open: its result comes only after your answer.',
  run(run) {
    const all = asks(run);
    if (all.length === 0) return nothingAsked(run);
    for (const ask of all) {
      const a = ask.frame.seq;
      const id = ask.message.id;
      if (answerTo(run, ask)) continue;
      const loose = clientReplies(run).find(
        (r) => r.frame.seq > a && r.id !== undefined && String(r.id) === String(id),
      );
      if (loose) {
        return {
          ok: false,
          frame: loose.frame.seq,
          message: say`Your answer (${frameRef(loose.frame.seq)}) has id ${shown(loose.id)}, a ${kindOf(loose.id)}; the server's ${ASK} (${frameRef(a)}) has id ${shown(id)}, a ${kindOf(id)}. JSON-RPC ids match only with the same type: copy the id as it came. (SDK 1.32.2 lets this one through; the spec does not.)`,
        };
      }
      const attempt = attemptAt(run, ask);
      if (attempt) {
        const mine = conversation(run)
          .requests('c2s')
          .some((r) => r.frame.seq < attempt.frame.seq && r.message.id !== undefined);
        return stalled(
          run,
          say`Your answer (${frameRef(attempt.frame.seq)}) has id ${shown(attempt.id)}, but the server's ${ASK} (${frameRef(a)}) has id ${shown(id)}${mine ? ': the server numbers its requests itself, from 0, apart from yours; an answer takes the id of the request it answers, not the next of your own' : ''}. The server found no request of its own with id ${shown(attempt.id)} and kept waiting.`,
          attempt.frame.seq,
        );
      }
      const call = cancelCalls(run).find((c) => c.frame.seq < a);
      return stalled(
        run,
        say`Your client never answered the server's ${ASK} (${frameRef(a)}, id ${shown(id)}). It has a "method": it is the server's request to you, not the result of your tools/call${call ? say` (${frameRef(call.frame.seq)}, id ${shown(call.message.id)})` : ''}, and the server can finish that call only after your answer.`,
        a,
      );
    }
    return {
      ok: true,
      frame: all[0]!.frame.seq,
      message: say`You answered ${all.length > 1 ? `each of the server's ${String(all.length)} questions` : "the server's question"} with its own id, from ${frameRef(all[0]!.frame.seq)} (id ${shown(all[0]!.message.id)}) on.`,
    };
  },
};

/** What is wrong with content against a flat requestedSchema, or undefined when it fits. */
function misfit(schema: unknown, content: unknown): string | undefined {
  if (!isObject(content)) return `content must be an object of fields, not ${shown(content)}`;
  const props = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === 'string' && !(name in content)) {
      return `the required field "${name}" is missing`;
    }
  }
  for (const [name, value] of Object.entries(content)) {
    const prop = props[name];
    if (!isObject(prop)) return `"${name}" is not a field of the form`;
    const type = prop.type;
    const fits =
      type === 'boolean'
        ? typeof value === 'boolean'
        : type === 'string'
          ? typeof value === 'string'
          : type === 'integer'
            ? Number.isInteger(value)
            : type === 'number'
              ? typeof value === 'number'
              : true;
    if (!fits)
      return `"${name}" must be a ${String(type)}, and ${shown(value)} is a ${kindOf(value)}`;
  }
  return undefined;
}

const answerShape: Check = {
  id: 'answer-shape',
  title: 'Each answer is an action, with content that fits the form only on accept',
  hint: 'result.action is "accept", "decline" or "cancel". Only "accept" carries result.content: an object with the fields of params.requestedSchema, each of its type ({"confirm": true}, a boolean, not "yes"), every required one present. A decline has no content at all.',
  run(run) {
    const all = asks(run);
    if (all.length === 0) return nothingAsked(run);
    for (const ask of all) {
      const reply = answerTo(run, ask) ?? attemptAt(run, ask);
      if (!reply)
        return notReached(
          'A question from the server got no answer to judge (see answers-with-its-id).',
        );
      const r = reply.frame.seq;
      const result = resultOf(reply);
      if (!result) {
        return {
          ok: false,
          frame: r,
          message: say`Your answer (${frameRef(r)}) is an error, not a result; a user's choice is a result: {"action": "accept" | "decline" | "cancel", …}.`,
        };
      }
      const action = result.action;
      if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
        return {
          ok: false,
          frame: r,
          message: say`Your answer (${frameRef(r)}) has action ${shown(action)}; expected "accept", "decline" or "cancel".`,
        };
      }
      if (action !== 'accept' && 'content' in result) {
        return {
          ok: false,
          frame: r,
          message: say`Your answer (${frameRef(r)}) says "${action}" and still carries content ${quote(shown(result.content), 60)}: content goes only with "accept". A user who declines fills in nothing.`,
        };
      }
      if (action === 'accept') {
        const wrong = misfit(paramsOf(ask).requestedSchema, result.content);
        if (wrong) {
          const reply2 = conversation(run).responseTo(
            cancelCalls(run).find((c) => c.frame.seq < ask.frame.seq) ?? ask,
          );
          const server = resultText(reply2)?.includes('does not match')
            ? say` The server refused it: ${frameRef(reply2!.frame.seq)}.`
            : '';
          return {
            ok: false,
            frame: r,
            message: say`Your answer (${frameRef(r)}) accepts with content ${quote(shown(result.content), 60)}, which does not fit the form the ${ASK} (${frameRef(ask.frame.seq)}) asked for: ${wrong}.${server}`,
          };
        }
      }
    }
    return {
      ok: true,
      message: say`Every answer names an action, and content came only with accept and fit the form.`,
    };
  },
};

const rightChoice: Check = {
  id: 'right-choice',
  title: 'Say yes to cancelling PT-1041, decline for PT-1017',
  hint: 'Answer the question that arrives while your PT-1041 call is open with accept and {"confirm": true}, and the one during your PT-1017 call with decline. Decide by the call the question arrives in, not by counting questions: outside a check run a delivered order is refused without one.',
  run(run) {
    const all = asks(run);
    if (all.length === 0) return nothingAsked(run);
    for (const ask of all) {
      const about = askedAbout(ask);
      const reply = answerTo(run, ask) ?? attemptAt(run, ask);
      const result = resultOf(reply);
      if (!about || !reply || !result) continue;
      const want = WANTED[about]!;
      const action = result.action;
      const content = isObject(result.content) ? result.content : undefined;
      const r = reply.frame.seq;
      if (action !== want) {
        return {
          ok: false,
          frame: r,
          message: say`The server's ${ASK} (${frameRef(ask.frame.seq)}) is about ${about}, and your answer (${frameRef(r)}) says ${shown(action)}; for ${about} the task wants "${want}".${all.length === 1 ? ' It was the only question this run: the other order could not be cancelled, so nothing else was asked.' : ''}`,
        };
      }
      if (want === 'accept' && content?.confirm !== true) {
        return {
          ok: false,
          frame: r,
          message: say`Your answer (${frameRef(r)}) accepts the form for ${about} but with confirm ${shown(content?.confirm)}: the user wants it cancelled, so confirm is true.`,
        };
      }
    }
    return {
      ok: true,
      message: say`You answered each question as the user chose: ${all.map((a) => `${askedAbout(a) ?? '?'} ${WANTED[askedAbout(a) ?? ''] ?? ''}`).join(', ')}.`,
    };
  },
};

const printsOutcomes: Check = {
  id: 'prints-outcomes',
  title: 'Print the result of each call',
  hint: "Print the text of each cancel_order result (result.content[0].text), PT-1041's then PT-1017's, one per line, also when the result is an error. The server's question is not a result: it arrives while the call is still open.",
  run(run) {
    const calls = cancelCalls(run);
    const replies = ORDERS.map((id) => calls.find((c) => orderOf(c) === id)).map((c) =>
      c ? conversation(run).responseTo(c) : undefined,
    );
    const got = replies.filter((r): r is Read => r !== undefined);
    const lines = printedLines(run);
    const asQuestion = asks(run).find((q) =>
      lines.some((l) => {
        const m = paramsOf(q).message;
        return typeof m === 'string' && l.includes(m);
      }),
    );
    if (asQuestion) {
      return {
        ok: false,
        frame: asQuestion.frame.seq,
        message: say`You printed ${quote(String(paramsOf(asQuestion).message), 100)}: that is the question of the server's ${ASK} (${frameRef(asQuestion.frame.seq)}), a request to your client, not the result of your call. The result comes only after your answer.`,
      };
    }
    if (got.length === 0) {
      return notReached('No cancel_order call got its result, so there was no outcome to print.');
    }
    const expected = got.map((r) => resultText(r) ?? '');
    if (lines.length === expected.length && expected.every((t, i) => lines[i] === t)) {
      return {
        ok: true,
        frame: got[0]!.frame.seq,
        message: say`You printed the result of each call: ${got.map((r) => frameRef(r.frame.seq)).reduce<Said | string>((acc, ref, i) => (i === 0 ? say`${ref}` : say`${acc} and ${ref}`), '')}.`,
      };
    }
    const extra = lines.filter((l) => !expected.includes(l));
    const rest = lines.filter((l) => expected.includes(l));
    if (extra.length > 0 && isDeepStrictEqual(rest, expected)) {
      return {
        ok: false,
        frame: got[0]!.frame.seq,
        message: say`You printed the text of each result (${frameRef(got[0]!.frame.seq)}${got[1] ? say`, ${frameRef(got[1].frame.seq)}` : ''}), but stdout also holds ${extraLines(extra.length)}, ${shownLine(extra[0]!)}. Stdout must hold those lines and nothing else: send anything for a human to stderr, with console.error.`,
      };
    }
    const want = quote(expected.join('\n'), 240);
    const saw = quote(lines.join('\n'), 240);
    const madeUp = lines.length > 0 && !lines.some((l) => expected.includes(l));
    return {
      ok: false,
      frame: got[0]!.frame.seq,
      message: madeUp
        ? say`You printed ${saw}, which no result of this run says (each order's status and carrier change from run to run); expected ${want}, from ${frameRef(got[0]!.frame.seq)}${got[1] ? say` and ${frameRef(got[1].frame.seq)}` : ''}.`
        : say`Expected ${want}, the text of each result (${frameRef(got[0]!.frame.seq)}${got[1] ? say`, ${frameRef(got[1].frame.seq)}` : ''}), one per line and nothing else on stdout; saw ${saw}.`,
    };
  },
};

export const checks: Check[] = [
  ...rawClientBasics([
    'initialize',
    'ping',
    'notifications/initialized',
    'tools/list',
    'tools/call',
  ]),
  declaresElicitation,
  callsBoth,
  readsWholeLines,
  answersEachAsk,
  answerShape,
  rightChoice,
  printsOutcomes,
  cleanExit,
];

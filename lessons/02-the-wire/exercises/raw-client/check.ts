// Checks for raw-client: a hand-written client that must hold a correct MCP session with
// Paper Trail and print the order's structuredContent.
import { isDeepStrictEqual } from 'node:util';
import {
  clip,
  extraLines,
  fail,
  frameRef,
  isObject,
  json,
  paramsOf,
  parsedLine,
  pass,
  printedBefore,
  printedLinesAt,
  quote,
  sdkFreeClientChecks,
  replyTo,
  requestsOf,
  resultOf,
  say,
  shownLine,
  toolCalls,
  unjudged,
  type Check,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

const TOOL = 'order_status';
const ORDER = 'PT-1041';
// What this task adds to the lifecycle's methods (a client may also cancel a call).
const METHODS = ['tools/list', 'tools/call', 'notifications/cancelled'];

/** The first tools/call whose reply carried the order (structuredContent, no isError). */
function successfulCall(run: RunRecord) {
  for (const call of toolCalls(run)) {
    const answer = replyTo(run, call);
    const result = resultOf(answer);
    if (answer && result && result.isError !== true && 'structuredContent' in result)
      return { call, answer, order: result.structuredContent };
  }
  return undefined;
}

const listsTools: Check = {
  id: 'tools-list',
  title: 'Ask the server for its tools',
  hint: 'Send {"jsonrpc":"2.0","id":…,"method":"tools/list"} after notifications/initialized.',
  run(run) {
    const list = requestsOf(run, 'tools/list')[0];
    if (!list) return fail`Your client never sent tools/list.`;
    const answer = replyTo(run, list);
    if (answer?.message?.kind !== 'result')
      return fail`Your tools/list (${frameRef(list.frame.seq)}) got no result.`;
    return pass`tools/list (${frameRef(list.frame.seq)}) answered in ${frameRef(answer.frame.seq)}.`;
  },
};

const callsTool: Check = {
  id: 'tool-call',
  title: `Call ${TOOL} for ${ORDER}`,
  hint: `Send tools/call with params {"name":"${TOOL}","arguments":{"order_id":"${ORDER}"}}.`,
  run(run) {
    const call = toolCalls(run)[0];
    if (!call) return fail`Your client never sent tools/call.`;
    const good = successfulCall(run);
    if (good)
      return pass`tools/call (${frameRef(good.call.frame.seq)}) returned the order in ${frameRef(good.answer.frame.seq)}.`;
    const n = call.frame.seq;
    const params = paramsOf(call);
    const answer = replyTo(run, call);
    const said =
      answer?.message?.kind === 'result'
        ? say` The server answered with an isError result in ${frameRef(answer.frame.seq)}: ${json(answer.message.result.content ?? '', 160)}.`
        : answer?.message?.kind === 'error'
          ? say` The server answered error ${answer.message.error.code} in ${frameRef(answer.frame.seq)}.`
          : ' It got no answer.';
    if (typeof params.name !== 'string')
      return fail`Your tools/call (${frameRef(n)}) has no params.name.${said}`;
    if (params.name !== TOOL)
      return fail`Your tools/call (${frameRef(n)}) asks for the tool ${quote(params.name)}, which Paper Trail does not have; tools/list names it "${TOOL}".${said}`;
    if ('args' in params && !('arguments' in params))
      return fail`Your tools/call (${frameRef(n)}) puts the order id in "args"; MCP calls that member "arguments", so the tool saw no order_id.${said}`;
    const args = params.arguments;
    if (!isObject(args) || args.order_id !== ORDER)
      return fail`Your tools/call (${frameRef(n)}) sends arguments ${json(args ?? null)}; expected {"order_id":"${ORDER}"}.${said}`;
    return fail`Your tools/call (${frameRef(n)}) did not return the order.${said}`;
  },
};

/** How a printed object differs from the reply's, member by member. */
function differences(printed: unknown, expected: unknown): string {
  if (!isObject(printed) || !isObject(expected)) return '';
  const keys = [...new Set([...Object.keys(expected), ...Object.keys(printed)])];
  const diffs = keys
    .filter((k) => !isDeepStrictEqual(printed[k], expected[k]))
    .map((k) =>
      k in expected
        ? `${k} is ${JSON.stringify(expected[k])} there, you printed ${JSON.stringify(printed[k] ?? null)}`
        : `${k} is not in it`,
    );
  return diffs.length > 0 ? `: ${diffs.join('; ')}` : '';
}

/** A printed JSON object that is not a JSON-RPC frame (a client echoing what it sent or read). */
function printedObject(text: string): Record<string, unknown> | undefined {
  const value = parsedLine(text);
  return isObject(value) && value.jsonrpc !== '2.0' ? value : undefined;
}

const printsResult: Check = {
  id: 'prints-result',
  title: 'Print structuredContent as one JSON line, from the reply',
  hint: 'console.log(JSON.stringify(response.result.structuredContent)) once the reply is in, and print nothing else on stdout (use console.error for logs).',
  run(run) {
    const good = successfulCall(run);
    const lines = printedLinesAt(run);
    if (!good)
      return unjudged`There was no successful order_status result to print (see the tool-call check).`;
    const reply = good.answer.frame.seq;
    const expected = good.order;
    if (lines.length === 0) return fail`Your program printed nothing on stdout.`;
    const hit = lines.findIndex((l) => isDeepStrictEqual(parsedLine(l.text), expected));
    if (hit !== -1 && lines.length === 1)
      return pass`You printed the structuredContent of ${frameRef(reply)}.`;
    // The result is there: anything else is a stray line, whatever it looks like.
    const extra = lines.filter((_, i) => i !== hit);
    if (hit !== -1)
      return fail`You printed the structuredContent of ${frameRef(reply)}, but stdout also holds \
${extraLines(extra.length)}, ${shownLine(extra[0].text)}. Stdout must hold that one result line and \
nothing else: diagnostics (progress, debugging) belong on stderr, with console.error.`;
    const early = lines.find((l) => printedObject(l.text) && printedBefore(run, l.offset, reply));
    if (early)
      return fail`You printed ${clip(early.text, 160)} before the reply it should come from had \
arrived (${frameRef(reply)}, the answer to your tools/call, came later)${differences(parsedLine(early.text), expected)}. \
Wait for the reply and print what it says.`;
    const whole = lines.find((l) => {
      const p = parsedLine(l.text);
      return isObject(p) && isDeepStrictEqual(p.structuredContent, expected);
    });
    if (whole)
      return fail`You printed the whole result; print only its structuredContent, ${json(expected, 160)}.`;
    const object = lines.find((l) => printedObject(l.text));
    // A garbled character is a reading mistake (reads-whole-lines), not a copied answer.
    const why = object?.text.includes('\uFFFD')
      ? 'Each "\uFFFD" is a character your client garbled while reading (see the reads-whole-lines check).'
      : "In a check run the server's data changes from run to run: print what this reply says, not a copy of an earlier answer.";
    if (object)
      return fail`The value you printed does not match the reply in ${frameRef(reply)}${differences(parsedLine(object.text), expected)}. ${why}`;
    return fail`Expected stdout to be ${json(expected, 160)} (from ${frameRef(reply)}); saw ${quote(lines.map((l) => l.text).join('\n'), 160)}.`;
  },
};

export const checks: Check[] = sdkFreeClientChecks(METHODS, {
  sends: [listsTools, callsTool],
  then: [printsResult],
});

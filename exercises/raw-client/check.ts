// Checks for raw-client: a hand-written client that must hold a correct MCP session with
// Paper Trail and print the order's structuredContent.
import { frameRef, say } from '../../sandbox/checks/say.ts';
import { isDeepStrictEqual } from 'node:util';
import type { Check } from '../../sandbox/contract/check.ts';
import {
  cleanExit,
  conversation,
  rawClientBasics,
  readsWholeLines,
} from '../../sandbox/checks/client-checks.ts';
import { clip, quote } from '../../sandbox/checks/frames.ts';
import { extraLines, printedLinesAt } from '../../sandbox/checks/printed.ts';
import { json, shownLine } from '../../sandbox/checks/words.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { isObject, parsedLine, printedBefore } from '../../sandbox/checks/run-story.ts';
import type { Read } from '../../sandbox/checks/frames.ts';
import type { RunRecord } from '../../sandbox/contract/check.ts';

const TOOL = 'order_status';
const ORDER = 'PT-1041';

function toolCalls(run: RunRecord): Read[] {
  return conversation(run)
    .requests('c2s')
    .filter((r) => r.message.method === 'tools/call');
}

function successfulCall(run: RunRecord): { call: Read; answer: Read } | undefined {
  const conv = conversation(run);
  for (const call of toolCalls(run)) {
    const answer = conv.responseTo(call);
    const m = answer?.message;
    if (
      answer &&
      m?.kind === 'result' &&
      m.result.isError !== true &&
      'structuredContent' in m.result
    ) {
      return { call, answer };
    }
  }
  return undefined;
}

const listsTools: Check = {
  id: 'tools-list',
  title: 'Ask the server for its tools',
  hint: 'Send {"jsonrpc":"2.0","id":…,"method":"tools/list"} after notifications/initialized.',
  run(run) {
    const conv = conversation(run);
    const list = conv.requests('c2s').find((r) => r.message.method === 'tools/list');
    if (!list) return { ok: false, message: 'Your client never sent tools/list.' };
    const answer = conv.responseTo(list);
    if (answer?.message?.kind !== 'result') {
      return {
        ok: false,
        frame: list.frame.seq,
        message: say`Your tools/list (${frameRef(list.frame.seq)}) got no result.`,
      };
    }
    return {
      ok: true,
      frame: list.frame.seq,
      message: say`tools/list (${frameRef(list.frame.seq)}) answered in ${frameRef(answer.frame.seq)}.`,
    };
  },
};

const callsTool: Check = {
  id: 'tool-call',
  title: `Call ${TOOL} for ${ORDER}`,
  hint: `Send tools/call with params {"name":"${TOOL}","arguments":{"order_id":"${ORDER}"}}.`,
  run(run) {
    const calls = toolCalls(run);
    if (calls.length === 0) return { ok: false, message: 'Your client never sent tools/call.' };
    const good = successfulCall(run);
    if (good) {
      return {
        ok: true,
        frame: good.call.frame.seq,
        message: say`tools/call (${frameRef(good.call.frame.seq)}) returned the order in ${frameRef(good.answer.frame.seq)}.`,
      };
    }
    const call = calls[0];
    const n = call.frame.seq;
    const params = isObject(call.json) && isObject(call.json.params) ? call.json.params : {};
    const answer = conversation(run).responseTo(call);
    const said =
      answer?.message?.kind === 'result'
        ? say` The server answered with an isError result in ${frameRef(answer.frame.seq)}: ${json(answer.message.result.content ?? '', 160)}.`
        : answer?.message?.kind === 'error'
          ? say` The server answered error ${answer.message.error.code} in ${frameRef(answer.frame.seq)}.`
          : ' It got no answer.';
    if (typeof params.name !== 'string') {
      return {
        ok: false,
        frame: n,
        message: say`Your tools/call (${frameRef(n)}) has no params.name.${said}`,
      };
    }
    if (params.name !== TOOL) {
      return {
        ok: false,
        frame: n,
        message: say`Your tools/call (${frameRef(n)}) asks for the tool ${quote(params.name)}, which Paper Trail does not have; tools/list names it "${TOOL}".${said}`,
      };
    }
    if ('args' in params && !('arguments' in params)) {
      return {
        ok: false,
        frame: n,
        message: say`Your tools/call (${frameRef(n)}) puts the order id in "args"; MCP calls that member "arguments", so the tool saw no order_id.${said}`,
      };
    }
    const args = params.arguments;
    if (!isObject(args) || args.order_id !== ORDER) {
      return {
        ok: false,
        frame: n,
        message: say`Your tools/call (${frameRef(n)}) sends arguments ${json(args ?? null)}; expected {"order_id":"${ORDER}"}.${said}`,
      };
    }
    return {
      ok: false,
      frame: n,
      message: say`Your tools/call (${frameRef(n)}) did not return the order.${said}`,
    };
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

/** A printed line that is a JSON-RPC frame: the client echoed what it sent or read. */
function isFrame(value: unknown): boolean {
  return isObject(value) && value.jsonrpc === '2.0';
}

const printsResult: Check = {
  id: 'prints-result',
  title: 'Print structuredContent as one JSON line, from the reply',
  hint: 'console.log(JSON.stringify(response.result.structuredContent)) once the reply is in, and print nothing else on stdout (use console.error for logs).',
  run(run) {
    const good = successfulCall(run);
    const lines = printedLinesAt(run);
    if (!good) {
      return notReached(
        'There was no successful order_status result to print (see the tool-call check).',
      );
    }
    const reply = good.answer.frame.seq;
    const expected = (good.answer.message as { result: Record<string, unknown> }).result
      .structuredContent;
    if (lines.length === 0)
      return { ok: false, message: 'Your program printed nothing on stdout.' };
    const hit = lines.findIndex((l) => isDeepStrictEqual(parsedLine(l.text), expected));
    if (hit !== -1) {
      if (lines.length === 1) {
        return {
          ok: true,
          frame: reply,
          message: say`You printed the structuredContent of ${frameRef(reply)}.`,
        };
      }
      // The result is there: anything else is a stray line, whatever it looks like.
      const extra = lines.filter((_, i) => i !== hit);
      return {
        ok: false,
        frame: reply,
        message: say`You printed the structuredContent of ${frameRef(reply)}, but stdout also holds \
${extraLines(extra.length)}, ${shownLine(extra[0].text)}. Stdout must hold that one result line and \
nothing else: diagnostics (progress, debugging) belong on stderr, with console.error.`,
      };
    }
    const early = lines.find((l) => {
      const p = parsedLine(l.text);
      return isObject(p) && !isFrame(p) && printedBefore(run, l.offset, reply);
    });
    if (early) {
      return {
        ok: false,
        frame: reply,
        message: say`You printed ${clip(early.text, 160)} before the reply it should come from had \
arrived (${frameRef(reply)}, the answer to your tools/call, came later)${differences(parsedLine(early.text), expected)}. \
Wait for the reply and print what it says.`,
      };
    }
    const whole = lines.find((l) => {
      const p = parsedLine(l.text);
      return isObject(p) && isDeepStrictEqual(p.structuredContent, expected);
    });
    if (whole) {
      return {
        ok: false,
        message: `You printed the whole result; print only its structuredContent, ${json(expected, 160)}.`,
      };
    }
    const object = lines.find((l) => {
      const p = parsedLine(l.text);
      return isObject(p) && !isFrame(p);
    });
    if (object) {
      // A garbled character is a reading mistake (reads-whole-lines), not a copied answer.
      const why = object.text.includes('\uFFFD')
        ? 'Each "\uFFFD" is a character your client garbled while reading (see the reads-whole-lines check).'
        : "In a check run the server's data changes from run to run: print what this reply says, not a copy of an earlier answer.";
      return {
        ok: false,
        frame: reply,
        message: say`The value you printed does not match the reply in ${frameRef(reply)}${differences(parsedLine(object.text), expected)}. ${why}`,
      };
    }
    return {
      ok: false,
      frame: reply,
      message: say`Expected stdout to be ${json(expected, 160)} (from ${frameRef(reply)}); saw ${quote(lines.map((l) => l.text).join('\\n'), 160)}.`,
    };
  },
};

export const checks: Check[] = [
  ...rawClientBasics([
    'initialize',
    'ping',
    'tools/list',
    'tools/call',
    'notifications/initialized',
    'notifications/cancelled',
  ]),
  listsTools,
  callsTool,
  readsWholeLines,
  printsResult,
  cleanExit,
];

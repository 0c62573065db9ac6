// Checks for port-to-2026: the lesson-2 raw client ported to 2026-07-28 (server/discover, the
// _meta envelope on every request, an input-required result retried with inputResponses),
// run by a read-only driver (drive.ts) that then runs the lesson-2 client against the same
// server to show, ungraded, what a 2025-11-25 client meets there.
import { isDeepStrictEqual } from 'node:util';
import type { Check, RunRecord } from '../../sandbox/contract/check.ts';
import {
  cleanExit,
  jsonrpcFrames,
  oneMessagePerLine,
  readsWholeLines,
  requestIds,
} from '../../sandbox/checks/client-checks.ts';
import { driverReports } from '../../sandbox/checks/driver-reports.ts';
import { Conversation, quote, stderrGist, type Read } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import {
  conversation,
  isObject,
  parsedLine,
  printedBefore,
} from '../../sandbox/checks/run-story.ts';
import { frameRef, say } from '../../sandbox/checks/say.ts';

const VERSION = '2026-07-28';
const PREFIX = 'io.modelcontextprotocol/';
const PV = `${PREFIX}protocolVersion`;
const CAPS = `${PREFIX}clientCapabilities`;
const INFO = `${PREFIX}clientInfo`;
const ORDER = 'PT-1041';
/** drive.ts stops the lesson-2 client after this long (its LESSON_2_MS). */
const LESSON_2_S = 6;

// ---- Which frames are whose: the driver's @@ lines split the run into connections. ----

/** How many frames the tap had recorded when the driver printed the report at `offset`. */
function framesBefore(run: RunRecord, offset: number): number {
  return run.printed.filter((p) => p.offset <= offset).at(-1)?.frames ?? run.frames.length;
}

interface Lesson2Run {
  legacy: string;
  /** Its frames; empty when it never started. */
  conv: Conversation;
  end?: Record<string, unknown>;
}

interface Split {
  /** The port's run as if it had been the only program: its frames, stdout and exit. */
  port: RunRecord;
  lesson2: Lesson2Run[];
}

const splits = new WeakMap<RunRecord, Split>();

function split(run: RunRecord): Split {
  const known = splits.get(run);
  if (known) return known;
  const out = run.program.stdout;
  const portExit = driverReports(out, 'port-exit')[0];
  const starts = driverReports(out, 'lesson-2-start');
  const ends = driverReports(out, 'lesson-2-end');
  const bounds = starts.map((s) => framesBefore(run, s.offset));
  const portEnd = bounds[0] ?? run.frames.length;
  const stdoutEnd = portExit?.offset ?? out.length;
  const exit = portExit?.value;
  const port: RunRecord = {
    ...run,
    frames: run.frames.slice(0, portEnd),
    peerStarted: portEnd > 0 || (starts.length === 0 && run.peerStarted),
    program: {
      ...run.program,
      stdout: out.slice(0, stdoutEnd),
      exit: exit
        ? {
            code: typeof exit.code === 'number' ? exit.code : null,
            signal: typeof exit.signal === 'string' ? exit.signal : null,
          }
        : run.program.exit,
    },
  };
  const lesson2 = starts.map((s, i) => ({
    legacy: String(s.value.legacy),
    conv: new Conversation(run.frames.slice(bounds[i], bounds[i + 1] ?? run.frames.length)),
    end: ends.find((e) => e.value.legacy === s.value.legacy)?.value,
  }));
  const result = { port, lesson2 };
  splits.set(run, result);
  return result;
}

/** A check of the course's raw clients, held to the port's frames only. */
function onPort(check: Check): Check {
  return { ...check, run: (run) => check.run(split(run).port) };
}

// ---- Reading the port's conversation. ----

type Request = ReturnType<Conversation['requests']>[number];

function paramsOf(r: Read): Record<string, unknown> {
  return isObject(r.json) && isObject(r.json.params) ? r.json.params : {};
}

function resultOf(r: Read | undefined): Record<string, unknown> | undefined {
  return r?.message?.kind === 'result' && isObject(r.message.result) ? r.message.result : undefined;
}

function answerWords(r: Read | undefined): ReturnType<typeof say> {
  if (!r) return say`got no answer`;
  if (r.message?.kind === 'error') {
    return say`was answered in ${frameRef(r.frame.seq)} with error ${r.message.error.code} ${quote(r.message.error.message, 160)}`;
  }
  const type = resultOf(r)?.resultType;
  return say`was answered in ${frameRef(r.frame.seq)} with ${typeof type === 'string' ? `resultType ${quote(type)}` : 'a result without resultType (a 2025-11-25 answer)'}`;
}

function calls(run: RunRecord, tool: string): Request[] {
  return conversation(run)
    .requests('c2s')
    .filter((r) => r.message.method === 'tools/call' && paramsOf(r).name === tool);
}

/** The cancel_order calls: the first, the answers, and the retry after an input_required. */
function cancellation(run: RunRecord) {
  const conv = conversation(run);
  const all = calls(run, 'cancel_order');
  const first = all[0];
  const asked = first ? conv.responseTo(first) : undefined;
  const askedResult = resultOf(asked);
  const inputRequired = askedResult?.resultType === 'input_required';
  const retry = inputRequired && asked ? all.find((r) => r.frame.seq > asked.frame.seq) : undefined;
  const final = retry ? conv.responseTo(retry) : undefined;
  return { all, first, asked, askedResult, inputRequired, retry, final };
}

// ---- The checks. ----

const noInitialize: Check = {
  id: 'no-initialize',
  title: 'No initialize, no notifications/initialized',
  hint: '2026-07-28 has no handshake: start with server/discover and send what initialize carried in every request’s params._meta.',
  run(run) {
    const conv = conversation(split(run).port);
    const sent = conv.from('c2s').filter((r) => r.message?.kind);
    if (sent.length === 0)
      return notReached('Your client sent nothing, so there was nothing to judge.');
    const init = sent.find(
      (r) =>
        (r.message?.kind === 'request' || r.message?.kind === 'notification') &&
        (r.message.method === 'initialize' || r.message.method === 'notifications/initialized'),
    );
    if (init && (init.message?.kind === 'request' || init.message?.kind === 'notification')) {
      const answer = conv.responseTo(init);
      const served =
        init.message.method === 'initialize' && resultOf(answer)
          ? say` Paper Trail v2 took it for a 2025-11-25 client and answered in ${frameRef(answer!.frame.seq)} with protocolVersion ${quote(String(resultOf(answer)!.protocolVersion))}: from then on the whole connection spoke the old revision.`
          : answer
            ? say` It ${answerWords(answer)}.`
            : '';
      return {
        ok: false,
        frame: init.frame.seq,
        message: say`Your ${frameRef(init.frame.seq)} sends ${init.message.method}, which 2026-07-28 no longer has: there is no handshake and no session.${served}`,
      };
    }
    return {
      ok: true,
      message: 'Your client sent neither initialize nor notifications/initialized.',
    };
  },
};

const discoversFirst: Check = {
  id: 'discover-first',
  title: 'Ask server/discover first, and wait for 2026-07-28 in its answer',
  hint: 'Send server/discover (with params._meta) as your first request, and send tools/call only after its answer lists "2026-07-28" in supportedVersions.',
  run(run) {
    const conv = conversation(split(run).port);
    const requests = conv.requests('c2s');
    if (requests.length === 0) return notReached('Your client sent no requests.');
    const discover = requests.find((r) => r.message.method === 'server/discover');
    if (!discover) {
      return {
        ok: false,
        frame: requests[0]!.frame.seq,
        message: say`Your client never sent server/discover; its first request was ${requests[0]!.message.method} (${frameRef(requests[0]!.frame.seq)}). On 2026-07-28 server/discover is how a client learns which revisions the server speaks before it relies on one.`,
      };
    }
    const n = discover.frame.seq;
    const answer = conv.responseTo(discover);
    const versions = resultOf(answer)?.supportedVersions;
    if (!answer || !Array.isArray(versions) || !versions.includes(VERSION)) {
      return {
        ok: false,
        frame: n,
        message: say`Your server/discover (${frameRef(n)}) ${answerWords(answer)}, not with supportedVersions holding "${VERSION}".${answer?.message?.kind === 'error' ? ' Without a valid _meta envelope on it, Paper Trail v2 reads the connection as a 2025-11-25 one (see the meta-envelope check).' : ''}`,
      };
    }
    const early = requests.find(
      (r) => r.frame.seq < n || (r !== discover && r.frame.seq < answer.frame.seq),
    );
    if (early) {
      return {
        ok: false,
        frame: early.frame.seq,
        message: say`Your ${frameRef(early.frame.seq)} (${early.message.method}) was sent before server/discover was answered (${frameRef(answer.frame.seq)}): wait for the server to say it speaks ${VERSION} before you speak it.`,
      };
    }
    return {
      ok: true,
      frame: n,
      message: say`server/discover (${frameRef(n)}) came first, and ${frameRef(answer.frame.seq)} offered ${VERSION}.`,
    };
  },
};

/** What is wrong with one request's _meta envelope, or undefined. */
function envelopeProblem(r: Request): string | undefined {
  const params = paramsOf(r);
  const top = isObject(r.json) && '_meta' in r.json;
  if (!isObject(params._meta)) {
    return top
      ? 'has _meta beside params instead of inside them'
      : `has no params._meta, so it names no protocol version`;
  }
  const meta = params._meta;
  const keys = Object.keys(meta);
  const lookalike = (name: string) =>
    keys.find((k) => k !== `${PREFIX}${name}` && k.toLowerCase().endsWith(name.toLowerCase()));
  if (!(PV in meta)) {
    const near = lookalike('protocolVersion');
    return near
      ? `puts the version under ${quote(near)}; the key is "${PV}", reverse-DNS like a Java package`
      : `has no "${PV}" in params._meta`;
  }
  if (meta[PV] !== VERSION) {
    return `names protocol version ${JSON.stringify(meta[PV])}; this client speaks "${VERSION}"`;
  }
  if (!isObject(meta[CAPS])) {
    const near = lookalike('clientCapabilities') ?? lookalike('capabilities');
    return near
      ? `puts the capabilities under ${quote(near)}; the key is "${CAPS}"`
      : `has no "${CAPS}" object in params._meta (it is required, even when it is {})`;
  }
  const info = meta[INFO];
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
    const near = lookalike('clientInfo');
    return near
      ? `puts the client's name under ${quote(near)}; the key is "${INFO}"`
      : `has no "${INFO}" with a name and a version in params._meta`;
  }
  return undefined;
}

const metaEnvelope: Check = {
  id: 'meta-envelope',
  title: 'Every request carries the _meta envelope',
  hint: `Put {"${PV}":"${VERSION}","${CAPS}":{…},"${INFO}":{"name":…,"version":…}} in params._meta of every request.`,
  run(run) {
    const conv = conversation(split(run).port);
    const requests = conv.requests('c2s');
    if (requests.length === 0) return notReached('Your client sent no requests.');
    for (const r of requests) {
      if (r.message.method === 'initialize') continue; // the no-initialize check's subject
      const problem = envelopeProblem(r);
      if (!problem) continue;
      const answer = conv.responseTo(r);
      return {
        ok: false,
        frame: r.frame.seq,
        message: say`Your ${frameRef(r.frame.seq)} (${r.message.method}) ${problem}. It ${answerWords(answer)}.`,
      };
    }
    return {
      ok: true,
      message: `All ${requests.length} of your requests carry "${PV}": "${VERSION}", "${CAPS}" and "${INFO}".`,
    };
  },
};

const orderStatus: Check = {
  id: 'order-status',
  title: `Call order_status for ${ORDER}`,
  hint: `Send tools/call with params {"name":"order_status","arguments":{"order_id":"${ORDER}"},"_meta":{…}}.`,
  run(run) {
    const port = split(run).port;
    const call = calls(port, 'order_status')[0];
    if (!call) return { ok: false, message: 'Your client never called order_status.' };
    const n = call.frame.seq;
    const args = paramsOf(call).arguments;
    if (!isObject(args) || args.order_id !== ORDER) {
      return {
        ok: false,
        frame: n,
        message: say`Your order_status call (${frameRef(n)}) sends arguments ${JSON.stringify(args ?? null).slice(0, 120)}; expected {"order_id":"${ORDER}"}.`,
      };
    }
    const answer = conversation(port).responseTo(call);
    const result = resultOf(answer);
    if (!answer || result?.resultType !== 'complete' || !('structuredContent' in result)) {
      return {
        ok: false,
        frame: n,
        message: say`Your order_status call (${frameRef(n)}) ${answerWords(answer)}, not a complete result with the order.`,
      };
    }
    return {
      ok: true,
      frame: n,
      message: say`order_status (${frameRef(n)}) returned the order in ${frameRef(answer.frame.seq)}.`,
    };
  },
};

const inputRequired: Check = {
  id: 'input-required',
  title: 'Treat input_required as a question, not as the answer',
  hint: 'When result.resultType is "input_required", the tool has not run yet: answer its inputRequests and call the tool again; only a "complete" result is the answer. The server can ask only a client whose clientCapabilities declare {"elicitation":{"form":{}}}.',
  run(run) {
    const port = split(run).port;
    const c = cancellation(port);
    if (!c.first) return { ok: false, message: 'Your client never called cancel_order.' };
    const n = c.first.frame.seq;
    if (c.asked?.message?.kind === 'error' && c.asked.message.error.code === -32021) {
      return {
        ok: false,
        frame: c.asked.frame.seq,
        message: say`Your cancel_order call (${frameRef(n)}) was refused in ${frameRef(c.asked.frame.seq)} with -32021 ${quote(c.asked.message.error.message, 160)}: its "${CAPS}" does not say the client can show an elicitation form, so the server cannot ask the user. Declare {"elicitation":{"form":{}}}.`,
      };
    }
    if (!c.inputRequired || !c.asked) {
      return {
        ok: false,
        frame: n,
        message: say`Your cancel_order call (${frameRef(n)}) ${answerWords(c.asked)}, not with the input_required result this exercise is about.`,
      };
    }
    const a = c.asked.frame.seq;
    if (!c.retry) {
      return {
        ok: false,
        frame: a,
        message: say`${frameRef(a)} answered your cancel_order call with resultType "input_required": the server was asking the user to confirm, and nothing was cancelled yet. Your client never called cancel_order again with the answer.`,
      };
    }
    return {
      ok: true,
      frame: a,
      message: say`${frameRef(a)} asked for input, and your client called again in ${frameRef(c.retry.frame.seq)}.`,
    };
  },
};

const retriesWithAnswers: Check = {
  id: 'retry',
  title: 'Retry with inputResponses under the server’s keys and its requestState',
  hint: 'Retry with a new id, the same name and arguments, "inputResponses" with one {"action":"accept","content":{"confirm":true}} per key of inputRequests, and "requestState" exactly as you got it.',
  run(run) {
    const port = split(run).port;
    const c = cancellation(port);
    if (!c.retry || !c.asked || !c.askedResult) {
      return notReached(
        'There was no retry of an input_required cancel_order to judge (see the input-required check).',
      );
    }
    const n = c.retry.frame.seq;
    const a = c.asked.frame.seq;
    const params = paramsOf(c.retry);
    const first = paramsOf(c.first!);
    if (!isDeepStrictEqual(params.arguments, first.arguments)) {
      return {
        ok: false,
        frame: n,
        message: say`Your retry (${frameRef(n)}) sends arguments ${quote(JSON.stringify(params.arguments ?? null))}, not the ${quote(JSON.stringify(first.arguments))} of the call it answers: a retry repeats the call.`,
      };
    }
    const wanted = Object.keys(
      isObject(c.askedResult.inputRequests) ? c.askedResult.inputRequests : {},
    );
    const given = params.inputResponses;
    if (!isObject(given)) {
      return {
        ok: false,
        frame: n,
        message: say`Your retry (${frameRef(n)}) has no params.inputResponses, so it answers none of what ${frameRef(a)} asked (${wanted.map((k) => `"${k}"`).join(', ')}). It ${answerWords(c.final)}.`,
      };
    }
    const keys = Object.keys(given);
    if (!isDeepStrictEqual([...keys].sort(), [...wanted].sort())) {
      return {
        ok: false,
        frame: n,
        message: say`Your retry (${frameRef(n)}) answers under ${keys.length ? keys.map((k) => `"${k}"`).join(', ') : 'no key'}, but ${frameRef(a)} asked under ${wanted.map((k) => `"${k}"`).join(', ')}: each answer goes under the key of the input request it answers. It ${answerWords(c.final)}.`,
      };
    }
    const bad = keys.find((k) => {
      const v = given[k];
      return (
        !isObject(v) || v.action !== 'accept' || !isObject(v.content) || v.content.confirm !== true
      );
    });
    if (bad !== undefined) {
      return {
        ok: false,
        frame: n,
        message: say`Your retry's inputResponses.${bad} (${frameRef(n)}) is ${quote(JSON.stringify(given[bad]), 160)}; an accepted form answer is {"action":"accept","content":{…}} with the fields of its requestedSchema, here {"confirm":true}. It ${answerWords(c.final)}.`,
      };
    }
    const state = c.askedResult.requestState;
    if (typeof state === 'string' && params.requestState !== state) {
      return {
        ok: false,
        frame: n,
        message: say`Your retry (${frameRef(n)}) sends requestState ${JSON.stringify(params.requestState ?? null)}, but ${frameRef(a)} gave ${JSON.stringify(state)}. It is the server's note to itself: send it back exactly as it came, never a value of your own.`,
      };
    }
    const result = resultOf(c.final);
    if (!c.final || result?.resultType !== 'complete') {
      return {
        ok: false,
        frame: n,
        message: say`Your retry (${frameRef(n)}) ${answerWords(c.final)}, not with a complete result.`,
      };
    }
    return {
      ok: true,
      frame: n,
      message: say`Your retry (${frameRef(n)}) answered "${wanted.join('", "')}" and sent requestState back; ${frameRef(c.final.frame.seq)} completed the cancellation.`,
    };
  },
};

const printsResults: Check = {
  id: 'prints-results',
  title: 'Print the order, then the cancellation’s text, from the replies',
  hint: 'console.log(JSON.stringify(structuredContent)) for order_status, then console.log(text) of the final cancel_order result, each once its reply is in; nothing else on stdout.',
  run(run) {
    const port = split(run).port;
    const conv = conversation(port);
    const status = calls(port, 'order_status')[0];
    const statusAnswer = status ? conv.responseTo(status) : undefined;
    const order = resultOf(statusAnswer)?.structuredContent;
    const c = cancellation(port);
    const content = resultOf(c.final)?.content;
    const text = Array.isArray(content) && isObject(content[0]) ? content[0].text : undefined;
    if (!statusAnswer || order === undefined || !c.final || typeof text !== 'string') {
      return notReached(
        'Your client did not get both the order and a completed cancellation to print (see the checks above).',
      );
    }
    const lines: { text: string; offset: number }[] = [];
    let offset = 0;
    for (const line of port.program.stdout.split('\n')) {
      if (line.trim() !== '') lines.push({ text: line.replace(/\r$/, ''), offset });
      offset += line.length + 1;
    }
    const expected = [
      {
        want: JSON.stringify(order),
        ok: (l: string) => isDeepStrictEqual(parsedLine(l), order),
        reply: statusAnswer.frame.seq,
      },
      { want: text, ok: (l: string) => l.trim() === text, reply: c.final.frame.seq },
    ];
    for (const [i, e] of expected.entries()) {
      const line = lines[i];
      if (!line) {
        return {
          ok: false,
          frame: e.reply,
          message: say`Expected line ${i + 1} of your stdout to be ${quote(e.want, 160)} (from ${frameRef(e.reply)}); your program printed ${lines.length} line${lines.length === 1 ? '' : 's'}.`,
        };
      }
      if (e.ok(line.text) && printedBefore(port, line.offset, e.reply)) {
        return {
          ok: false,
          frame: e.reply,
          message: say`You printed ${quote(line.text, 160)} before ${frameRef(e.reply)}, the reply it should come from, had arrived: print what the reply says once it is in.`,
        };
      }
      if (!e.ok(line.text)) {
        return {
          ok: false,
          frame: e.reply,
          message: say`Line ${i + 1} of your stdout is ${quote(line.text, 160)}, but ${frameRef(e.reply)} says ${quote(e.want, 160)}. In a check run Paper Trail's orders change from run to run: print what this reply says, not a copy of an earlier answer.`,
        };
      }
    }
    if (lines.length > 2) {
      return {
        ok: false,
        message: `Your stdout has ${lines.length} lines; print only the two (use console.error for anything else).`,
      };
    }
    return {
      ok: true,
      frame: c.final.frame.seq,
      message: say`You printed the order from ${frameRef(statusAnswer.frame.seq)} and the cancellation from ${frameRef(c.final.frame.seq)}.`,
    };
  },
};

// ---- Ungraded: the lesson-2 client against the same server. ----

/** What the lesson-2 client met, in words, and the frame that shows it best. */
function lesson2Story(l: Lesson2Run): { said: ReturnType<typeof say>; frame?: number } {
  const init = l.conv.requests('c2s')[0];
  const where =
    l.legacy === 'reject'
      ? 'Against Paper Trail v2 started with --legacy reject, a server that speaks 2026-07-28 only'
      : `Against Paper Trail v2 with --legacy ${l.legacy}`;
  if (!init) {
    const stopped = l.end?.stopped === true ? `, and was stopped after ${LESSON_2_S} s` : '';
    return { said: say`${where}, your lesson-2 client sent nothing${stopped}.` };
  }
  const answer = l.conv.responseTo(init);
  const result = resultOf(answer);
  const met =
    result && typeof result.protocolVersion === 'string'
      ? say`${init.message.method} (${frameRef(init.frame.seq)}) was answered in ${frameRef(answer!.frame.seq)} with protocolVersion ${quote(result.protocolVersion)}: the server served it as a 2025-11-25 client`
      : say`${init.message.method} (${frameRef(init.frame.seq)}) ${answerWords(answer)}`;
  const end = l.end;
  const printed = typeof end?.stdout === 'string' ? end.stdout.trim() : '';
  const gist = typeof end?.stderr === 'string' ? stderrGist(end.stderr) : '';
  const how = !end
    ? 'it did not finish'
    : end.stopped === true
      ? `it was still waiting after ${LESSON_2_S} s and was stopped`
      : end.code === 0
        ? 'it exited with code 0'
        : `it exited with ${end.signal ?? `code ${String(end.code)}`}${gist ? ` (${quote(gist, 160)})` : ''}`;
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
    const { lesson2 } = split(run);
    if (lesson2.length === 0) {
      return notReached(
        'The driver did not get to run your lesson-2 client: your port did not finish in time.',
      );
    }
    const stories = lesson2.map(lesson2Story);
    const message = stories.map((s) => s.said).reduce((all, said) => say`${all} ${said}`);
    const frame = stories.find((s) => s.frame !== undefined)?.frame;
    return { ok: true, message, ...(frame !== undefined && { frame }) };
  },
};

export const checks: Check[] = [
  onPort(jsonrpcFrames),
  onPort(oneMessagePerLine),
  onPort(requestIds),
  noInitialize,
  discoversFirst,
  metaEnvelope,
  orderStatus,
  inputRequired,
  retriesWithAnswers,
  onPort(readsWholeLines),
  printsResults,
  onPort(cleanExit),
  lesson2Client,
];

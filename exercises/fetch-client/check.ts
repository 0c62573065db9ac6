// Checks for fetch-client: a streamable HTTP client written with plain fetch. Everything is
// judged from the HTTP exchanges the recording proxy saw (request headers, statuses, SSE
// events with their ids) and from what the program printed. In a check run the order data
// changes with the seed, the server drops the call's stream after the first progress event
// in one session and after the third in the other (exercise.json scenarios), and the proxy re-encodes every SSE stream (data over several lines, comments) and
// delivers it in pieces, so neither a copied answer nor a one-read-one-event parser passes.
import { frameRef, say } from '../../sandbox/checks/say.ts';
import { conversation } from '../../sandbox/checks/client-checks.ts';
import { quote, stderrGist, type Read } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import type { Check, RunRecord } from '../../sandbox/contract/check.ts';

const VERSION = '2025-11-25';
const TOOL = 'track_shipment';
/** The order the task has the client track. */
const ORDER = 'PT-1041';

/** One HTTP request and what came back for it: the status line and any SSE events. */
interface Exchange {
  request: Read;
  method: string;
  headers: Record<string, string>;
  response?: Read;
  events: Read[];
}

function exchanges(run: RunRecord): Exchange[] {
  const byNumber = new Map<number, Exchange>();
  for (const read of conversation(run).reads) {
    const http = read.frame.http;
    if (!http) continue;
    if (http.part === 'request') {
      byNumber.set(http.exchange, {
        request: read,
        method: http.method ?? '',
        headers: http.headers,
        events: [],
      });
      continue;
    }
    const ex = byNumber.get(http.exchange);
    if (!ex) continue;
    if (http.part === 'response') ex.response = read;
    else ex.events.push(read);
  }
  return [...byNumber.values()];
}

/** "POST initialize", "POST notifications/initialized", "GET", "DELETE". */
function named(ex: Exchange): string {
  return ex.request.method ? `${ex.method} ${ex.request.method}` : ex.method;
}

const status = (ex: Exchange) => ex.response?.frame.http?.status;
const isCall = (ex: Exchange) =>
  ex.request.method === 'tools/call' &&
  (ex.request.message as { params?: { name?: unknown } } | undefined)?.params?.name === TOOL;

function initializeOf(all: Exchange[], latest = false): Exchange | undefined {
  const ok = all.filter((ex) => ex.request.method === 'initialize' && status(ex) === 200);
  return latest ? ok.at(-1) : ok[0];
}

/** The session id the server issued on a successful initialize (the first, or the latest). */
function issuedSession(all: Exchange[], latest = false): { ex: Exchange; id: string } | undefined {
  const ex = initializeOf(all, latest);
  const id = ex?.response?.frame.http?.headers['mcp-session-id'];
  return ex && id ? { ex, id } : undefined;
}

const noRequests = () => notReached('Your client sent no HTTP request to the server.');

const accepts: Check = {
  id: 'accept-header',
  title: 'Accept both JSON and SSE on every POST',
  hint: 'Send Accept: application/json, text/event-stream on every POST (and Accept: text/event-stream on a GET).',
  run(run) {
    const all = exchanges(run);
    if (all.length === 0) return noRequests();
    for (const ex of all) {
      const accept = ex.headers['accept'] ?? '';
      const wanted =
        ex.method === 'POST'
          ? ['application/json', 'text/event-stream']
          : ex.method === 'GET'
            ? ['text/event-stream']
            : [];
      const missing = wanted.filter((type) => !accept.includes(type));
      if (missing.length === 0) continue;
      const seq = ex.request.frame.seq;
      const answered =
        status(ex) === 406 && ex.response
          ? say` The server answered 406 Not Acceptable (${frameRef(ex.response.frame.seq)}).`
          : '';
      return {
        ok: false,
        frame: seq,
        message: say`Your ${named(ex)} (${frameRef(seq)}) sends Accept ${quote(accept || '(none)')}; it must name ${missing.join(' and ')}${ex.method === 'POST' ? ': the server may answer a POST with either' : ''}.${answered}`,
      };
    }
    return { ok: true, message: 'Every request named the media types it accepts.' };
  },
};

const contentType: Check = {
  id: 'content-type',
  title: 'Say Content-Type: application/json on every POST',
  hint: 'A POST body is one JSON-RPC message: send Content-Type: application/json with it.',
  run(run) {
    const all = exchanges(run);
    if (all.length === 0) return noRequests();
    const bad = all.find(
      (ex) => ex.method === 'POST' && !ex.headers['content-type']?.startsWith('application/json'),
    );
    if (!bad) return { ok: true, message: 'Every POST said its body is application/json.' };
    const seq = bad.request.frame.seq;
    const answered =
      status(bad) === 415 && bad.response
        ? say` The server answered 415 Unsupported Media Type (${frameRef(bad.response.frame.seq)}).`
        : '';
    return {
      ok: false,
      frame: seq,
      message: say`Your ${named(bad)} (${frameRef(seq)}) has Content-Type ${quote(bad.headers['content-type'] ?? '(none)')}; expected application/json.${answered}`,
    };
  },
};

const sessionHeader: Check = {
  id: 'session-id',
  title: 'Keep the session id and send it on every later request',
  hint: 'Read the Mcp-Session-Id header of the initialize response and send it back on every request after it.',
  run(run) {
    const all = exchanges(run);
    if (all.length === 0) return noRequests();
    const issued = issuedSession(all);
    if (!issued) {
      return notReached('No initialize of yours got a 200 with an Mcp-Session-Id header.');
    }
    const later = all.slice(all.indexOf(issued.ex) + 1);
    for (const ex of later) {
      if (ex.request.method === 'initialize') break;
      const sent = ex.headers['mcp-session-id'];
      if (sent === issued.id) continue;
      const seq = ex.request.frame.seq;
      const answer = ex.response
        ? say` The server answered ${String(status(ex))} (${frameRef(ex.response.frame.seq)}).`
        : '';
      return {
        ok: false,
        frame: seq,
        message:
          sent === undefined
            ? say`Your ${named(ex)} (${frameRef(seq)}) has no Mcp-Session-Id header; the initialize response (${frameRef(issued.ex.response!.frame.seq)}) issued ${quote(issued.id)}.${answer}`
            : say`Your ${named(ex)} (${frameRef(seq)}) sends Mcp-Session-Id ${quote(sent)}; the initialize response (${frameRef(issued.ex.response!.frame.seq)}) issued ${quote(issued.id)}.${answer}`,
      };
    }
    return {
      ok: true,
      frame: issued.ex.response!.frame.seq,
      message: say`Every request after ${frameRef(issued.ex.response!.frame.seq)} carried its session id.`,
    };
  },
};

const protocolVersion: Check = {
  id: 'protocol-version',
  title: 'Send MCP-Protocol-Version after initialize',
  hint: `After initialize, send MCP-Protocol-Version: ${VERSION} (the version the server answered with) on every request.`,
  run(run) {
    const all = exchanges(run);
    const issued = issuedSession(all);
    if (!issued) {
      return notReached('No initialize of yours got a 200 with an Mcp-Session-Id header.');
    }
    for (const ex of all.slice(all.indexOf(issued.ex) + 1)) {
      if (ex.request.method === 'initialize') break;
      const sent = ex.headers['mcp-protocol-version'];
      if (sent === VERSION) continue;
      const seq = ex.request.frame.seq;
      return {
        ok: false,
        frame: seq,
        message: say`Your ${named(ex)} (${frameRef(seq)}) sends MCP-Protocol-Version ${quote(sent ?? '(none)')}; the session runs ${VERSION}, so every request after initialize says so.`,
      };
    }
    return {
      ok: true,
      message: `Every request after initialize said MCP-Protocol-Version ${VERSION}.`,
    };
  },
};

const initialized: Check = {
  id: 'initialized-202',
  title: 'Send notifications/initialized, take its 202 and go on',
  hint: 'notifications/initialized gets 202 Accepted and an empty body: that is success. Check res.status and do not parse a body.',
  run(run) {
    const all = exchanges(run);
    const note = all.find((ex) => ex.request.method === 'notifications/initialized');
    if (!note) {
      const init = initializeOf(all);
      return init
        ? {
            ok: false,
            frame: init.request.frame.seq,
            message: say`Your client never sent notifications/initialized after initialize (${frameRef(init.request.frame.seq)}).`,
          }
        : notReached('There was no successful initialize to follow.');
    }
    const seq = note.request.frame.seq;
    if (status(note) !== 202) {
      return {
        ok: false,
        frame: seq,
        message: say`Your notifications/initialized (${frameRef(seq)}) got HTTP ${String(status(note) ?? 'nothing')}, not 202.`,
      };
    }
    const next = all[all.indexOf(note) + 1];
    if (!next) {
      return {
        ok: false,
        frame: note.response!.frame.seq,
        message: say`The server took your notifications/initialized with 202 Accepted and an empty body (${frameRef(note.response!.frame.seq)}), and your client sent nothing after it. A 202 is success: there is no body to read and nothing to wait for.${crashNote(run)}`,
      };
    }
    return {
      ok: true,
      frame: note.response!.frame.seq,
      message: say`notifications/initialized was accepted with 202 (${frameRef(note.response!.frame.seq)}).`,
    };
  },
};

function crashNote(run: RunRecord): string {
  const gist = stderrGist(run.program.stderr);
  return run.program.exit?.code && gist ? ` Your program stopped with: ${quote(gist, 200)}.` : '';
}

function callOf(run: RunRecord): Exchange | undefined {
  return exchanges(run).find(isCall);
}

const progressToken: Check = {
  id: 'progress-token',
  title: `Call ${TOOL} with a progress token`,
  hint: 'Send tools/call with params {"name":"track_shipment","arguments":{"order_id":"PT-1041"},"_meta":{"progressToken":…}}.',
  run(run) {
    const call = callOf(run);
    if (!call) {
      const calls = exchanges(run).filter((ex) => ex.request.method === 'tools/call');
      return calls.length > 0
        ? {
            ok: false,
            frame: calls[0]!.request.frame.seq,
            message: say`Your tools/call (${frameRef(calls[0]!.request.frame.seq)}) does not name ${TOOL}.`,
          }
        : notReached(`Your client never called ${TOOL}.`);
    }
    const seq = call.request.frame.seq;
    const params = (call.request.message as { params?: Record<string, unknown> }).params ?? {};
    const meta = params._meta as Record<string, unknown> | undefined;
    const token = meta?.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') {
      const where =
        'progressToken' in params
          ? ' You put it in params itself; it belongs in params._meta.'
          : '';
      return {
        ok: false,
        frame: seq,
        message: say`Your ${TOOL} call (${frameRef(seq)}) has no params._meta.progressToken, so the server sends no progress notifications.${where}`,
      };
    }
    const order = (params.arguments as Record<string, unknown> | undefined)?.order_id;
    if (order !== ORDER) {
      return {
        ok: false,
        frame: seq,
        message: say`Your ${TOOL} call (${frameRef(seq)}) tracks order_id ${typeof order === 'string' ? quote(order, 60) : (JSON.stringify(order) ?? 'nothing')}; the task asks for ${JSON.stringify(ORDER)}.`,
      };
    }
    return {
      ok: true,
      frame: seq,
      message: say`Your ${TOOL} call (${frameRef(seq)}) asked for progress with token ${JSON.stringify(token)}.`,
    };
  },
};

const hasReply = (ex: Exchange, id: unknown) =>
  ex.events.some((e) => e.message?.kind === 'result' && e.message.id === id);

const resumes: Check = {
  id: 'resumes',
  title: 'Resume the dropped stream with GET and Last-Event-ID',
  hint: 'Remember the id: of every event. When the stream ends before the reply, send GET with Last-Event-ID: <the last id you saw>, with your session headers.',
  run(run) {
    const all = exchanges(run);
    const call = all.find(isCall);
    if (!call) return notReached(`Your client never called ${TOOL}, so no stream was dropped.`);
    const callId = call.request.id;
    if (hasReply(call, callId)) {
      return { ok: true, message: "The reply came on the call's own stream: nothing to resume." };
    }
    const withId = call.events.filter((e) => e.frame.http?.id !== undefined);
    const last = withId.at(-1);
    if (!last) {
      return notReached(
        say`The stream of your call (${frameRef(call.request.frame.seq)}) ended without any event id.`,
      );
    }
    const lastId = last.frame.http!.id!;
    const lastRef = frameRef(last.frame.seq);
    const next = all[all.indexOf(call) + 1];
    if (!next) {
      return {
        ok: false,
        frame: last.frame.seq,
        message: say`The server ended the stream of your call after event ${quote(lastId)} (${lastRef}) without the reply, and your client never came back for the rest: send GET with Last-Event-ID ${quote(lastId)}.${crashNote(run)}`,
      };
    }
    const seq = next.request.frame.seq;
    if (next.request.method === 'initialize') {
      return {
        ok: false,
        frame: seq,
        message: say`After the stream dropped (${lastRef}), your client sent initialize again (${frameRef(seq)}): that starts a new session and loses the call. The session was still alive; resume the stream with GET and Last-Event-ID ${quote(lastId)}.`,
      };
    }
    if (next.request.method === 'tools/call') {
      return {
        ok: false,
        frame: seq,
        message: say`After the stream dropped (${lastRef}), your client sent the call again (${frameRef(seq)}): the server runs it a second time. Resume the first one instead: GET with Last-Event-ID ${quote(lastId)}.`,
      };
    }
    if (next.method !== 'GET') {
      return {
        ok: false,
        frame: seq,
        message: say`After the stream dropped (${lastRef}), your client's next request was ${named(next)} (${frameRef(seq)}), not a GET with Last-Event-ID ${quote(lastId)}: the rest of the call never reached it.`,
      };
    }
    const sent = next.headers['last-event-id'];
    if (sent === undefined) {
      return {
        ok: false,
        frame: seq,
        message: say`Your GET (${frameRef(seq)}) has no Last-Event-ID, so the server opened a new stream for messages tied to no request instead of replaying the dropped one; the rest of your call stays behind event ${quote(lastId)} (${lastRef}).`,
      };
    }
    if (sent !== lastId) {
      const earlier = withId.find((e) => e.frame.http?.id === sent);
      const why = earlier
        ? say`the id of an earlier event (${frameRef(earlier.frame.seq)}); the last one your client received was ${quote(lastId)} (${lastRef}), so the server sends again what you already have`
        : say`an id your client never received on that stream; the last event it received was ${quote(lastId)} (${lastRef})`;
      return {
        ok: false,
        frame: seq,
        message: say`Your GET (${frameRef(seq)}) sends Last-Event-ID ${quote(sent)}, ${why}.`,
      };
    }
    if (!hasReply(next, callId)) {
      return {
        ok: false,
        frame: seq,
        message: say`Your GET (${frameRef(seq)}) resumed from ${quote(lastId)}, but the reply to your call did not come on it before your client moved on.`,
      };
    }
    return {
      ok: true,
      frame: seq,
      message: say`Your GET (${frameRef(seq)}) resumed after event ${quote(lastId)} (${lastRef}) and got the rest of the call.`,
    };
  },
};

/** The call's progress messages (each progress value once, in order) and the result text. */
function expectedLines(run: RunRecord): { lines: string[]; reply?: Read } | undefined {
  const all = exchanges(run);
  const call = all.find(isCall);
  if (!call) return undefined;
  const token = (call.request.message as { params?: { _meta?: { progressToken?: unknown } } })
    .params?._meta?.progressToken;
  const later = all.slice(all.indexOf(call));
  const progress = new Map<number, string>();
  let reply: Read | undefined;
  for (const e of later.flatMap((ex) => ex.events)) {
    const m = e.message;
    if (m?.kind === 'notification' && m.method === 'notifications/progress') {
      const p = m.params as { progressToken?: unknown; progress?: number; message?: string };
      if (p.progressToken === token && typeof p.progress === 'number') {
        progress.set(p.progress, String(p.message));
      }
    }
    if (m?.kind === 'result' && m.id === call.request.id) reply = e;
  }
  const text = (reply?.message as { result?: { content?: { text?: string }[] } } | undefined)
    ?.result?.content?.[0]?.text;
  const lines = [...progress.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
  return { lines: text === undefined ? lines : [...lines, text], reply };
}

const printedLines = (run: RunRecord) =>
  run.program.stdout.split('\n').filter((line) => line.trim() !== '');

const readsEvents: Check = {
  id: 'reads-events',
  title: 'Read SSE events whole, however they arrive',
  hint: 'Keep a buffer across reads and decode with one TextDecoder ({stream: true}); an event ends at a blank line; skip ":" comment lines; join all data: lines of an event with "\\n"; skip an event with empty data.',
  run(run) {
    const stderr = run.program.stderr;
    const parseError = /SyntaxError/.exec(stderr);
    const seed =
      run.seed === undefined
        ? ''
        : ' In this check run every event came over several data: lines and several reads, with comments between them, and every other event wrote "data:" without the space after the colon, as SSE allows (drop one space after the colon only when there is one).';
    if (parseError) {
      return {
        ok: false,
        message: `Your program failed to parse an event's data: ${quote(stderrGist(stderr), 200)}. An event ends only at a blank line, a read may hold part of one, and its data may be spread over several data: lines (join them with "\\n"); the priming event's data is empty.${seed}`,
      };
    }
    const garbled = printedLines(run).find((line) => line.includes('\uFFFD'));
    if (garbled) {
      return {
        ok: false,
        message: `You printed ${quote(garbled, 160)}: each "\uFFFD" is a character cut between two reads and decoded in halves. Decode the whole stream with one TextDecoder and {stream: true}.`,
      };
    }
    // The last request's reply came in an event, yet the client ended or hung without using
    // it: its reader lost that event (the server's part of the run was done).
    const all = exchanges(run);
    const last = all.at(-1);
    const missed = last?.events.find(
      (e) => e.message?.kind === 'result' && e.message.id === last.request.id,
    );
    const stopped = run.verdict !== 'completed' || run.program.exit?.code !== 0;
    if (last && missed && last.method === 'POST' && stopped && !isCall(last)) {
      const n = missed.frame.seq;
      return {
        ok: false,
        frame: n,
        message: say`The server answered your ${named(last)} in an SSE event (${frameRef(n)}), but your client never went on: its reader lost that event. Cut the stream into lines, end an event at a blank line, and take every data: line.${seed}`,
      };
    }
    const expected = expectedLines(run);
    if (!expected?.reply)
      return notReached('The reply to your call never came (see the resumes check).');
    return { ok: true, message: 'Your client read every event it printed from whole events.' };
  },
};

const printsScans: Check = {
  id: 'prints-scans',
  title: 'Print every scan and then the result, from the replies',
  hint: "Print each progress notification's params.message as it arrives, once, then the result's content[0].text: one line each, nothing else on stdout.",
  run(run) {
    const expected = expectedLines(run);
    if (!expected?.reply)
      return notReached('The reply to your call never came, so there was no result to print.');
    const replySeq = expected.reply.frame.seq;
    const lines = printedLines(run);
    const want = expected.lines;
    if (lines.length === want.length && lines.every((line, i) => line === want[i])) {
      return {
        ok: true,
        frame: replySeq,
        message: say`You printed the ${String(want.length - 1)} scans and the result of ${frameRef(replySeq)}.`,
      };
    }
    const missing = want.filter((line) => !lines.includes(line));
    const extra = lines.filter((line) => !want.includes(line));
    const twice = lines.find((line, i) => lines.indexOf(line) !== i);
    const detail = twice
      ? `you printed ${quote(twice, 120)} twice: a resumed stream starts after the Last-Event-ID you send, so each event arrives once`
      : missing.length > 0
        ? `missing: ${missing.map((l) => quote(l, 100)).join(', ')}${extra.length > 0 ? `; you printed instead ${extra.map((l) => quote(l, 100)).join(', ')}` : ''}`
        : extra.length > 0
          ? `${extra.length === 1 ? 'an extra line' : 'extra lines'}, ${extra.map((l) => quote(l, 100)).join(', ')}, which the server did not send: anything meant for a human belongs on stderr (console.error)`
          : `the lines are out of order: expected ${want.map((l) => quote(l, 60)).join(', ')}`;
    const copied =
      extra.length > 0 && missing.length > 0
        ? ' In a check run the order data changes from run to run: print what the server sent.'
        : '';
    return {
      ok: false,
      frame: replySeq,
      message: say`Your output does not match the scans and result the server sent (the result is ${frameRef(replySeq)}): ${detail}.${copied}`,
    };
  },
};

const deletes: Check = {
  id: 'deletes',
  title: 'End the session with DELETE',
  hint: 'When you are done, send DELETE to the same URL with the Mcp-Session-Id header; the server answers 200.',
  run(run) {
    const all = exchanges(run);
    const issued = issuedSession(all, true);
    if (!issued) return notReached('There was no session to end.');
    const del = all.filter((ex) => ex.method === 'DELETE').at(-1);
    const last = all.at(-1)!;
    if (!del) {
      return {
        ok: false,
        frame: last.request.frame.seq,
        message: say`Your client's last request was ${named(last)} (${frameRef(last.request.frame.seq)}); it never sent DELETE, so the session stays open on the server until it expires.`,
      };
    }
    const seq = del.request.frame.seq;
    if (del.headers['mcp-session-id'] !== issued.id || status(del) !== 200) {
      return {
        ok: false,
        frame: seq,
        message: say`Your DELETE (${frameRef(seq)}) sends Mcp-Session-Id ${quote(del.headers['mcp-session-id'] ?? '(none)')} and got HTTP ${String(status(del) ?? 'nothing')}; to end the session it must carry ${quote(issued.id)}, issued in ${frameRef(issued.ex.response!.frame.seq)}.`,
      };
    }
    if (del !== last) {
      return {
        ok: false,
        frame: last.request.frame.seq,
        message: say`Your client sent ${named(last)} (${frameRef(last.request.frame.seq)}) after its DELETE (${frameRef(seq)}): DELETE comes last.`,
      };
    }
    return {
      ok: true,
      frame: seq,
      message: say`Your DELETE (${frameRef(seq)}) ended the session.`,
    };
  },
};

const exits: Check = {
  id: 'clean-exit',
  title: 'Exit with code 0 when done',
  hint: 'Once the DELETE is answered, let the program end: leave no stream being read.',
  run(run) {
    if (run.verdict === 'timeout') {
      const last = exchanges(run).at(-1);
      return {
        ok: false,
        ...(last ? { frame: last.request.frame.seq } : {}),
        message: last
          ? say`Your program timed out; its last request was ${named(last)} (${frameRef(last.request.frame.seq)}).`
          : 'Your program timed out before sending anything.',
      };
    }
    const exit = run.program.exit;
    if (!exit || exit.code !== 0) {
      const gist = stderrGist(run.program.stderr);
      return {
        ok: false,
        message: `Your program exited with code ${String(exit?.code)}.${gist ? ` Its stderr says: ${quote(gist, 300)}` : ''}`,
      };
    }
    return { ok: true, message: 'Your program exited with code 0.' };
  },
};

export const checks: Check[] = [
  accepts,
  contentType,
  sessionHeader,
  protocolVersion,
  initialized,
  progressToken,
  resumes,
  readsEvents,
  printsScans,
  deletes,
  exits,
];

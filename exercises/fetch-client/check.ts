// Checks for fetch-client: a streamable HTTP client written with plain fetch. Everything is
// judged from the HTTP exchanges the recording proxy saw (request headers, statuses, SSE
// events with their ids) and from what the program printed. In a check run the order data
// changes with the seed, the server drops the call's stream after the first progress event
// in one session and after the third in the other (exercise.json scenarios), and the proxy
// re-encodes every SSE stream (data over several lines, comments) and delivers it in pieces,
// so neither a copied answer nor a one-read-one-event parser passes.
import {
  exchangeName as named,
  exchanges,
  fail,
  firstFailing,
  frameRef,
  notReached,
  paramsOf,
  pass,
  printedLinesAt,
  quote,
  resultOf,
  say,
  statusOf as status,
  stderrGist,
  textsOf,
  type Check,
  type Exchange,
  type Read,
  type RunRecord,
} from '../../sandbox/checks/index.ts';

const VERSION = '2025-11-25';
const TOOL = 'track_shipment';
/** The order the task has the client track. */
const ORDER = 'PT-1041';

const isCall = (ex: Exchange) =>
  ex.request.method === 'tools/call' && paramsOf(ex.request).name === TOOL;
const seqOf = (ex: Exchange) => ex.request.frame.seq;
const printed = (run: RunRecord) => printedLinesAt(run).map((line) => line.text);

/** The session the server issued on a successful initialize (the first, or the latest). */
function issuedSession(all: Exchange[], latest = false) {
  const ok = all.filter((ex) => ex.request.method === 'initialize' && status(ex) === 200);
  const ex = latest ? ok.at(-1) : ok[0];
  const id = ex?.response?.frame.http?.headers['mcp-session-id'];
  return ex && id ? { ex, id, seq: ex.response!.frame.seq } : undefined;
}

/** The requests after initialize, up to a second initialize (a new session's business). */
function afterInitialize(all: Exchange[], init: Exchange): Exchange[] {
  const later = all.slice(all.indexOf(init) + 1);
  const again = later.findIndex((ex) => ex.request.method === 'initialize');
  return again === -1 ? later : later.slice(0, again);
}

const noRequests = () => notReached('Your client sent no HTTP request to the server.');
const noSession = () =>
  notReached('No initialize of yours got a 200 with an Mcp-Session-Id header.');
/** The server's answer to a bad request, when it gave the status that names the mistake. */
const answered = (ex: Exchange, code: number, words: string) =>
  status(ex) === code && ex.response
    ? say` The server answered ${code} ${words} (${frameRef(ex.response.frame.seq)}).`
    : '';

/** Why the program stopped, for a message about a client that went quiet. */
function crashNote(run: RunRecord): string {
  const gist = stderrGist(run.program.stderr);
  return run.program.exit?.code && gist ? ` Your program stopped with: ${quote(gist, 200)}.` : '';
}

const WANTS: Record<string, string[]> = {
  POST: ['application/json', 'text/event-stream'],
  GET: ['text/event-stream'],
};

const accepts: Check = {
  id: 'accept-header',
  title: 'Accept both JSON and SSE on every POST',
  hint: 'Send Accept: application/json, text/event-stream on every POST (and Accept: text/event-stream on a GET).',
  run(run) {
    const all = exchanges(run);
    if (all.length === 0) return noRequests();
    const bad = firstFailing(all, (ex) => {
      const accept = ex.headers['accept'] ?? '';
      const missing = (WANTS[ex.method] ?? []).filter((type) => !accept.includes(type));
      const either = ex.method === 'POST' ? ': the server may answer a POST with either' : '';
      return (
        missing.length > 0 &&
        fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) sends Accept ${quote(accept || '(none)')}; it must name ${missing.join(' and ')}${either}.${answered(ex, 406, 'Not Acceptable')}`
      );
    });
    return bad ?? pass('Every request named the media types it accepts.');
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
    if (!bad) return pass('Every POST said its body is application/json.');
    return fail`Your ${named(bad)} (${frameRef(seqOf(bad))}) has Content-Type ${quote(bad.headers['content-type'] ?? '(none)')}; expected application/json.${answered(bad, 415, 'Unsupported Media Type')}`;
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
    if (!issued) return noSession();
    const bad = firstFailing(afterInitialize(all, issued.ex), (ex) => {
      const sent = ex.headers['mcp-session-id'];
      if (sent === issued.id) return undefined;
      const what =
        sent === undefined ? 'has no Mcp-Session-Id header' : `sends Mcp-Session-Id ${quote(sent)}`;
      const answer = ex.response
        ? say` The server answered ${String(status(ex))} (${frameRef(ex.response.frame.seq)}).`
        : '';
      return fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) ${what}; the initialize response (${frameRef(issued.seq)}) issued ${quote(issued.id)}.${answer}`;
    });
    return bad ?? pass`Every request after ${frameRef(issued.seq)} carried its session id.`;
  },
};

const protocolVersion: Check = {
  id: 'protocol-version',
  title: 'Send MCP-Protocol-Version after initialize',
  hint: `After initialize, send MCP-Protocol-Version: ${VERSION} (the version the server answered with) on every request.`,
  run(run) {
    const all = exchanges(run);
    const issued = issuedSession(all);
    if (!issued) return noSession();
    const bad = firstFailing(afterInitialize(all, issued.ex), (ex) => {
      const sent = ex.headers['mcp-protocol-version'];
      return (
        sent !== VERSION &&
        fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) sends MCP-Protocol-Version ${quote(sent ?? '(none)')}; the session runs ${VERSION}, so every request after initialize says so.`
      );
    });
    return bad ?? pass(`Every request after initialize said MCP-Protocol-Version ${VERSION}.`);
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
      const init = all.find((ex) => ex.request.method === 'initialize' && status(ex) === 200);
      if (!init) return notReached('There was no successful initialize to follow.');
      return fail`Your client never sent notifications/initialized after initialize (${frameRef(seqOf(init))}).`;
    }
    if (status(note) !== 202)
      return fail`Your notifications/initialized (${frameRef(seqOf(note))}) got HTTP ${String(status(note) ?? 'nothing')}, not 202.`;
    const accepted = frameRef(note.response!.frame.seq);
    if (!all[all.indexOf(note) + 1])
      return fail`The server took your notifications/initialized with 202 Accepted and an empty body (${accepted}), and your client sent nothing after it. A 202 is success: there is no body to read and nothing to wait for.${crashNote(run)}`;
    return pass`notifications/initialized was accepted with 202 (${accepted}).`;
  },
};

const progressToken: Check = {
  id: 'progress-token',
  title: `Call ${TOOL} with a progress token`,
  hint: 'Send tools/call with params {"name":"track_shipment","arguments":{"order_id":"PT-1041"},"_meta":{"progressToken":…}}.',
  run(run) {
    const call = exchanges(run).find(isCall);
    if (!call) {
      const other = exchanges(run).find((ex) => ex.request.method === 'tools/call');
      if (!other) return notReached(`Your client never called ${TOOL}.`);
      return fail`Your tools/call (${frameRef(seqOf(other))}) does not name ${TOOL}.`;
    }
    const at = frameRef(seqOf(call));
    const params = paramsOf(call.request);
    const token = (params._meta as Record<string, unknown> | undefined)?.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') {
      const where =
        'progressToken' in params
          ? ' You put it in params itself; it belongs in params._meta.'
          : '';
      return fail`Your ${TOOL} call (${at}) has no params._meta.progressToken, so the server sends no progress notifications.${where}`;
    }
    const order = (params.arguments as Record<string, unknown> | undefined)?.order_id;
    if (order !== ORDER) {
      const shown =
        typeof order === 'string' ? quote(order, 60) : (JSON.stringify(order) ?? 'nothing');
      return fail`Your ${TOOL} call (${at}) tracks order_id ${shown}; the task asks for ${JSON.stringify(ORDER)}.`;
    }
    return pass`Your ${TOOL} call (${at}) asked for progress with token ${JSON.stringify(token)}.`;
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
    if (hasReply(call, call.request.id))
      return pass("The reply came on the call's own stream: nothing to resume.");
    const withId = call.events.filter((e) => e.frame.http?.id !== undefined);
    const last = withId.at(-1);
    if (!last) {
      return notReached(
        say`The stream of your call (${frameRef(seqOf(call))}) ended without any event id.`,
      );
    }
    const lastId = quote(last.frame.http!.id!);
    const lastRef = frameRef(last.frame.seq);
    const next = all[all.indexOf(call) + 1];
    if (!next)
      return fail`The server ended the stream of your call after event ${lastId} (${lastRef}) without the reply, and your client never came back for the rest: send GET with Last-Event-ID ${lastId}.${crashNote(run)}`;
    const seq = seqOf(next);
    const at = frameRef(seq);
    // These messages name the dropped stream first but are about the request that followed.
    const dropped = say`After the stream dropped (${lastRef}), your client`;
    if (next.request.method === 'initialize') {
      return fail(
        say`${dropped} sent initialize again (${at}): that starts a new session and loses the call. The session was still alive; resume the stream with GET and Last-Event-ID ${lastId}.`,
        seq,
      );
    }
    if (next.request.method === 'tools/call') {
      return fail(
        say`${dropped} sent the call again (${at}): the server runs it a second time. Resume the first one instead: GET with Last-Event-ID ${lastId}.`,
        seq,
      );
    }
    if (next.method !== 'GET') {
      return fail(
        say`${dropped}'s next request was ${named(next)} (${at}), not a GET with Last-Event-ID ${lastId}: the rest of the call never reached it.`,
        seq,
      );
    }
    const sent = next.headers['last-event-id'];
    if (sent === undefined)
      return fail`Your GET (${at}) has no Last-Event-ID, so the server opened a new stream for messages tied to no request instead of replaying the dropped one; the rest of your call stays behind event ${lastId} (${lastRef}).`;
    if (sent !== last.frame.http!.id) {
      const earlier = withId.find((e) => e.frame.http?.id === sent);
      const why = earlier
        ? say`the id of an earlier event (${frameRef(earlier.frame.seq)}); the last one your client received was ${lastId} (${lastRef}), so the server sends again what you already have`
        : say`an id your client never received on that stream; the last event it received was ${lastId} (${lastRef})`;
      return fail`Your GET (${at}) sends Last-Event-ID ${quote(sent)}, ${why}.`;
    }
    if (!hasReply(next, call.request.id))
      return fail`Your GET (${at}) resumed from ${lastId}, but the reply to your call did not come on it before your client moved on.`;
    return pass`Your GET (${at}) resumed after event ${lastId} (${lastRef}) and got the rest of the call.`;
  },
};

/** The call's progress messages (each progress value once, in order) and the result text. */
function expectedLines(run: RunRecord): { lines: string[]; reply?: Read } | undefined {
  const all = exchanges(run);
  const call = all.find(isCall);
  if (!call) return undefined;
  const token = (paramsOf(call.request)._meta as { progressToken?: unknown } | undefined)
    ?.progressToken;
  const progress = new Map<number, string>();
  let reply: Read | undefined;
  for (const e of all.slice(all.indexOf(call)).flatMap((ex) => ex.events)) {
    const m = e.message;
    if (m?.kind === 'notification' && m.method === 'notifications/progress') {
      const p = m.params as { progressToken?: unknown; progress?: number; message?: string };
      if (p.progressToken === token && typeof p.progress === 'number')
        progress.set(p.progress, String(p.message));
    }
    if (m?.kind === 'result' && m.id === call.request.id) reply = e;
  }
  const text = textsOf(resultOf(reply))[0];
  const lines = [...progress.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
  return { lines: text === undefined ? lines : [...lines, text], reply };
}

const readsEvents: Check = {
  id: 'reads-events',
  title: 'Read SSE events whole, however they arrive',
  hint: 'Keep a buffer across reads and decode with one TextDecoder ({stream: true}); an event ends at a blank line; skip ":" comment lines; join all data: lines of an event with "\\n"; skip an event with empty data.',
  run(run) {
    const stderr = run.program.stderr;
    const seed =
      run.seed === undefined
        ? ''
        : ' In this check run every event came over several data: lines and several reads, with comments between them, and every other event wrote "data:" without the space after the colon, as SSE allows (drop one space after the colon only when there is one).';
    if (/SyntaxError/.test(stderr))
      return fail`Your program failed to parse an event's data: ${quote(stderrGist(stderr), 200)}. An event ends only at a blank line, a read may hold part of one, and its data may be spread over several data: lines (join them with "\\n"); the priming event's data is empty.${seed}`;
    const garbled = printed(run).find((line) => line.includes('\uFFFD'));
    if (garbled)
      return fail`You printed ${quote(garbled, 160)}: each "\uFFFD" is a character cut between two reads and decoded in halves. Decode the whole stream with one TextDecoder and {stream: true}.`;
    // The last request's reply came in an event, yet the client ended or hung without using
    // it: its reader lost that event (the server's part of the run was done).
    const last = exchanges(run).at(-1);
    const missed = last?.events.find(
      (e) => e.message?.kind === 'result' && e.message.id === last.request.id,
    );
    const stopped = run.verdict !== 'completed' || run.program.exit?.code !== 0;
    if (last && missed && last.method === 'POST' && stopped && !isCall(last))
      return fail`The server answered your ${named(last)} in an SSE event (${frameRef(missed.frame.seq)}), but your client never went on: its reader lost that event. Cut the stream into lines, end an event at a blank line, and take every data: line.${seed}`;
    if (!expectedLines(run)?.reply)
      return notReached('The reply to your call never came (see the resumes check).');
    return pass('Your client read every event it printed from whole events.');
  },
};

/** What is wrong with the printed lines, and whether they look copied from another run. */
function mismatch(lines: string[], want: string[]): { detail: string; copied: boolean } {
  const missing = want.filter((line) => !lines.includes(line));
  const extra = lines.filter((line) => !want.includes(line));
  const twice = lines.find((line, i) => lines.indexOf(line) !== i);
  const listed = (all: string[], max: number) => all.map((l) => quote(l, max)).join(', ');
  const instead = extra.length > 0 ? `; you printed instead ${listed(extra, 100)}` : '';
  const detail = twice
    ? `you printed ${quote(twice, 120)} twice: a resumed stream starts after the Last-Event-ID you send, so each event arrives once`
    : missing.length > 0
      ? `missing: ${listed(missing, 100)}${instead}`
      : extra.length > 0
        ? `${extra.length === 1 ? 'an extra line' : 'extra lines'}, ${listed(extra, 100)}, which the server did not send: anything meant for a human belongs on stderr (console.error)`
        : `the lines are out of order: expected ${listed(want, 60)}`;
  return { detail, copied: extra.length > 0 && missing.length > 0 };
}

const printsScans: Check = {
  id: 'prints-scans',
  title: 'Print every scan and then the result, from the replies',
  hint: "Print each progress notification's params.message as it arrives, once, then the result's content[0].text: one line each, nothing else on stdout.",
  run(run) {
    const expected = expectedLines(run);
    if (!expected?.reply)
      return notReached('The reply to your call never came, so there was no result to print.');
    const reply = frameRef(expected.reply.frame.seq);
    const lines = printed(run);
    const want = expected.lines;
    if (lines.length === want.length && lines.every((line, i) => line === want[i]))
      return pass`You printed the ${String(want.length - 1)} scans and the result of ${reply}.`;
    const { detail, copied } = mismatch(lines, want);
    const changes = copied
      ? ' In a check run the order data changes from run to run: print what the server sent.'
      : '';
    return fail`Your output does not match the scans and result the server sent (the result is ${reply}): ${detail}.${changes}`;
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
    if (!del)
      return fail`Your client's last request was ${named(last)} (${frameRef(seqOf(last))}); it never sent DELETE, so the session stays open on the server until it expires.`;
    const sent = del.headers['mcp-session-id'];
    if (sent !== issued.id || status(del) !== 200)
      return fail`Your DELETE (${frameRef(seqOf(del))}) sends Mcp-Session-Id ${quote(sent ?? '(none)')} and got HTTP ${String(status(del) ?? 'nothing')}; to end the session it must carry ${quote(issued.id)}, issued in ${frameRef(issued.seq)}.`;
    if (del !== last)
      return fail`Your client sent ${named(last)} (${frameRef(seqOf(last))}) after its DELETE (${frameRef(seqOf(del))}): DELETE comes last.`;
    return pass`Your DELETE (${frameRef(seqOf(del))}) ended the session.`;
  },
};

const exits: Check = {
  id: 'clean-exit',
  title: 'Exit with code 0 when done',
  hint: 'Once the DELETE is answered, let the program end: leave no stream being read.',
  run(run) {
    if (run.verdict === 'timeout') {
      const last = exchanges(run).at(-1);
      if (!last) return fail('Your program timed out before sending anything.');
      return fail`Your program timed out; its last request was ${named(last)} (${frameRef(seqOf(last))}).`;
    }
    const exit = run.program.exit;
    if (!exit || exit.code !== 0) {
      const gist = stderrGist(run.program.stderr);
      return fail`Your program exited with code ${String(exit?.code)}.${gist ? ` Its stderr says: ${quote(gist, 300)}` : ''}`;
    }
    return pass('Your program exited with code 0.');
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

// The streamable HTTP transport's rules for a client, as checks: what every client that
// speaks MCP over HTTP owes the server whatever its task (both media types in Accept, a JSON
// body said to be JSON, the session id and protocol version on every later request, the 202
// of notifications/initialized taken as success, a DELETE at the end, an exit once done). An
// HTTP exercise puts them in its list around its own checks, as a stdio one does with
// client-checks.ts; their words name requests, headers and statuses, never a task's tool.
import type { Check } from '../contract/check.ts';
import { stderrNote } from './stderr-note.ts';
import { exchangeName as named, statusOf as status, type Exchange } from '../wire/exchanges.ts';
import { quote } from './frames.ts';
import { serverAnswered } from './http-answers.ts';
import { everyExchange, everyInSession, onceSent } from './http-rules.ts';
import { issuedSession } from './http-session.ts';
import { notReached } from './not-reached.ts';
import { fail, pass } from './outcome.ts';
import { exchanges } from './query.ts';
import { frameRef } from './say.ts';
import { stoppedWith } from './stopped-with.ts';

const seqOf = (ex: Exchange) => ex.request.frame.seq;

/** The media types a request of each method must accept. */
const WANTS: Record<string, string[]> = {
  POST: ['application/json', 'text/event-stream'],
  GET: ['text/event-stream'],
};

export const acceptHeader: Check = {
  id: 'accept-header',
  title: 'Accept both JSON and SSE on every POST',
  hint: 'Send Accept: application/json, text/event-stream on every POST (and Accept: text/event-stream on a GET).',
  run: everyExchange((ex) => {
    const accept = ex.headers['accept'] ?? '';
    const missing = (WANTS[ex.method] ?? []).filter((type) => !accept.includes(type));
    const either = ex.method === 'POST' ? ': the server may answer a POST with either' : '';
    if (missing.length > 0)
      return fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) sends Accept ${quote(accept || '(none)')}; it must name ${missing.join(' and ')}${either}.${serverAnswered(ex, 406, 'Not Acceptable')}`;
  }, pass('Every request named the media types it accepts.')),
};

export const contentType: Check = {
  id: 'content-type',
  title: 'Say Content-Type: application/json on every POST',
  hint: 'A POST body is one JSON-RPC message: send Content-Type: application/json with it.',
  run: everyExchange((ex) => {
    const sent = ex.headers['content-type'];
    if (ex.method === 'POST' && !sent?.startsWith('application/json'))
      return fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) has Content-Type ${quote(sent ?? '(none)')}; expected application/json.${serverAnswered(ex, 415, 'Unsupported Media Type')}`;
  }, pass('Every POST said its body is application/json.')),
};

export const sessionIdHeader: Check = {
  id: 'session-id',
  title: 'Keep the session id and send it on every later request',
  hint: 'Read the Mcp-Session-Id header of the initialize response and send it back on every request after it.',
  run: onceSent(
    everyInSession(
      (ex, issued) => {
        const sent = ex.headers['mcp-session-id'];
        const what =
          sent === undefined
            ? 'has no Mcp-Session-Id header'
            : `sends Mcp-Session-Id ${quote(sent)}`;
        if (sent !== issued.id)
          return fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) ${what}; the initialize response (${frameRef(issued.seq)}) issued ${quote(issued.id)}.${serverAnswered(ex)}`;
      },
      (issued) => pass`Every request after ${frameRef(issued.seq)} carried its session id.`,
    ),
  ),
};

/** Every request after initialize names the session's protocol version. */
export function protocolVersionHeader(version: string): Check {
  return {
    id: 'protocol-version',
    title: 'Send MCP-Protocol-Version after initialize',
    hint: `After initialize, send MCP-Protocol-Version: ${version} (the version the server answered with) on every request.`,
    run: everyInSession(
      (ex) => {
        const sent = ex.headers['mcp-protocol-version'];
        if (sent !== version)
          return fail`Your ${named(ex)} (${frameRef(seqOf(ex))}) sends MCP-Protocol-Version ${quote(sent ?? '(none)')}; the session runs ${version}, so every request after initialize says so.`;
      },
      () => pass(`Every request after initialize said MCP-Protocol-Version ${version}.`),
    ),
  };
}

export const initialized202: Check = {
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
      return fail`The server took your notifications/initialized with 202 Accepted and an empty body (${accepted}), and your client sent nothing after it. A 202 is success: there is no body to read and nothing to wait for.${stoppedWith(run)}`;
    return pass`notifications/initialized was accepted with 202 (${accepted}).`;
  },
};

export const endsSession: Check = {
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

export const httpCleanExit: Check = {
  id: 'clean-exit',
  title: 'Exit with code 0 when done',
  hint: 'Once the DELETE is answered, let the program end: leave no stream being read.',
  run(run) {
    const last = exchanges(run).at(-1);
    const exit = run.program.exit;
    if (run.verdict === 'timeout' && !last)
      return fail('Your program timed out before sending anything.');
    if (run.verdict === 'timeout')
      return fail`Your program timed out; its last request was ${named(last!)} (${frameRef(seqOf(last!))}).`;
    if (!exit || exit.code !== 0)
      return fail`Your program exited with code ${String(exit?.code)}.${stderrNote(run.program.stderr, 'Its stderr says:')}`;
    return pass('Your program exited with code 0.');
  },
};

/** The checks of an HTTP client's requests, in the order it sends them, for `version`. */
export function httpClientBasics(version: string): Check[] {
  return [
    acceptHeader,
    contentType,
    sessionIdHeader,
    protocolVersionHeader(version),
    initialized202,
  ];
}

// Streamable HTTP's own rules: after initialize every request carries the
// session the server issued and the negotiated version, a notification or a response the
// client POSTs is accepted with 202 and no body, and an SSE event carries a message (or,
// with an event id, primes a stream for resuming).
import { exchangeName, statusOf, type Exchange } from '../../wire/exchanges.ts';
import { serverAnswered } from '../../checks/http-answers.ts';
import { afterInitialize } from '../../checks/http-session.ts';
import { quote } from '../../checks/frames.ts';
import { resultOf } from '../../checks/query.ts';
import { stringOf } from '../../checks/string-of.ts';
import { frameRef, say } from '../../checks/say.ts';
import type { Hit, Rule } from '../rule.ts';
import type { Session } from '../session.ts';

/** Each initialize that got a 200, with its answer and the exchanges of its session. */
function sessions(session: Session) {
  return session.exchanges
    .filter((ex) => ex.request.method === 'initialize' && statusOf(ex) === 200)
    .map((init) => ({
      init,
      answer: session.replyTo(init.request),
      later: afterInitialize(session.exchanges, init),
    }));
}

const requestSeq = (ex: Exchange) => ex.request.frame.seq;

export const sessionIdHeader: Rule = {
  id: 'session-id-header',
  find: (session) =>
    sessions(session).flatMap(({ init, later }): Hit[] => {
      const id = init.response?.frame.http?.headers['mcp-session-id'];
      if (!id) return [];
      return later
        .filter((ex) => ex.headers['mcp-session-id'] === undefined)
        .map((ex) => ({
          seq: requestSeq(ex),
          message: say`The client's ${frameRef(requestSeq(ex))} (${exchangeName(ex)}) has no Mcp-Session-Id header, although the initialize response (${frameRef(init.response!.frame.seq)}) issued session ${quote(id)}. Every request after initialize carries it.${serverAnswered(ex)}`,
        }));
    }),
};

export const protocolVersionHeader: Rule = {
  id: 'protocol-version-header',
  find: (session) =>
    sessions(session).flatMap(({ answer, later }): Hit[] => {
      const version = stringOf(resultOf(answer)?.protocolVersion);
      // The header came with 2025-06-18; a session in an older revision goes without it.
      if (!answer || !version || version < '2025-06-18') return [];
      return later
        .filter((ex) => ex.headers['mcp-protocol-version'] === undefined)
        .map((ex) => ({
          seq: requestSeq(ex),
          message: say`The client's ${frameRef(requestSeq(ex))} (${exchangeName(ex)}) has no MCP-Protocol-Version header, although initialize settled ${JSON.stringify(version)} (${frameRef(answer.frame.seq)}). Every request after initialize names the version.${serverAnswered(ex)}`,
        }));
    }),
};

export const notificationNot202: Rule = {
  id: 'notification-not-202',
  find: (session) =>
    session.exchanges.flatMap((ex): Hit[] => {
      const kind = ex.request.message?.kind;
      if (kind !== 'notification' && kind !== 'result' && kind !== 'error') return [];
      const status = statusOf(ex);
      // A status of 400 and up refuses the message, which the transport allows.
      if (status === undefined || status === 202 || status >= 300) return [];
      const what = kind === 'notification' ? 'notification' : 'response';
      return [
        {
          seq: ex.response!.frame.seq,
          message: say`The server's ${frameRef(ex.response!.frame.seq)} answers the client's ${what} (${frameRef(requestSeq(ex))}, ${exchangeName(ex)}) with ${String(status)}. A ${what} the server accepts gets 202 Accepted with no body: there is nothing to answer.`,
        },
      ];
    }),
};

export const sseWithoutData: Rule = {
  id: 'sse-no-data',
  find: (session) =>
    session.reads
      .filter(
        (r) =>
          r.frame.http?.part === 'sse' &&
          r.frame.text.trim() === '' &&
          r.frame.http.id === undefined,
      )
      .map((r) => ({
        seq: r.frame.seq,
        message: say`The server's ${frameRef(r.frame.seq)} is an SSE event with no data and no event id: it carries no message, and primes no stream for resuming. An event holds one JSON-RPC message in its data; only a priming event, with an id, has none.`,
      })),
};

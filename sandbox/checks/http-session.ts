// The session a streamable HTTP server hands out, and the requests that belong to it. A
// session begins with the Mcp-Session-Id header of a successful initialize response and lasts
// until the client starts another, so every check of "each request after initialize carries
// …" asks the same two questions first.
import { statusOf, type Exchange } from '../wire/exchanges.ts';

export interface IssuedSession {
  /** The initialize exchange whose response issued it. */
  ex: Exchange;
  /** The Mcp-Session-Id the response carried. */
  id: string;
  /** The response's frame. */
  seq: number;
}

/** The session a 200 to initialize issued: the first such, or the latest when `latest`. */
export function issuedSession(all: readonly Exchange[], latest = false): IssuedSession | undefined {
  const ok = all.filter((ex) => ex.request.method === 'initialize' && statusOf(ex) === 200);
  const ex = latest ? ok.at(-1) : ok[0];
  const id = ex?.response?.frame.http?.headers['mcp-session-id'];
  return ex && id ? { ex, id, seq: ex.response!.frame.seq } : undefined;
}

/** The exchanges after `init`, up to a second initialize (a new session's business). */
export function afterInitialize(all: readonly Exchange[], init: Exchange): Exchange[] {
  const later = all.slice(all.indexOf(init) + 1);
  const again = later.findIndex((ex) => ex.request.method === 'initialize');
  return again === -1 ? later : later.slice(0, again);
}

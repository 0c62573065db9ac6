// HTTP frames grouped back into the exchanges they came from. The recording proxy writes each
// request, its status line and every SSE event as a frame of its own, tagged with the number
// of its exchange; a reader that asks "what came back for this POST?" needs them together.
import type { PairedReading } from './pair.ts';

/** One HTTP request and what came back for it: the status line and any SSE events. */
export interface Exchange {
  request: PairedReading;
  /** The HTTP method: POST, GET, DELETE. */
  method: string;
  /** The request's MCP headers, lower-case names. */
  headers: Record<string, string>;
  response?: PairedReading;
  events: PairedReading[];
}

/** The exchanges of a run in request order; frames without HTTP metadata are skipped. */
export function groupExchanges(readings: readonly PairedReading[]): Exchange[] {
  const byNumber = new Map<number, Exchange>();
  for (const read of readings) {
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
    // A response whose request the recording lost has nothing to belong to.
    const ex = byNumber.get(http.exchange);
    if (!ex) continue;
    if (http.part === 'response') ex.response = read;
    else ex.events.push(read);
  }
  return [...byNumber.values()];
}

/** How a message names an exchange: "POST initialize", "POST notifications/initialized", "GET". */
export function exchangeName(ex: Exchange): string {
  return ex.request.method ? `${ex.method} ${ex.request.method}` : ex.method;
}

/** The HTTP status that came back, if a response was recorded. */
export function statusOf(ex: Exchange): number | undefined {
  return ex.response?.frame.http?.status;
}

// How the HTTP tap passes an SSE stream on in a check run whose client is the learner's: the
// same events, written the way the SSE standard allows any server to write them and a naive
// reader does not expect. Each event's JSON is spread over several `data:` lines (a reader
// joins them with "\n", and a line break between two JSON tokens is still the same JSON),
// every other event writes "data:" without the optional space, comment lines and
// comment-only blocks come between events, and the bytes go out in pieces
// (split-delivery.ts) that cut every line, so no read is ever one whole event. Recording is
// untouched: the tap records the server's own events before they are queued here.
import { seeded } from '../input/seed.ts';
import type { SseEvent } from '../wire/sse.ts';
import { SplitDelivery } from './split-delivery.ts';

/** Where a JSON text may take a line break: after a comma or an opening brace outside strings. */
function breakPoints(json: string): number[] {
  const points: number[] = [];
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ',' || c === '{') points.push(i + 1);
  }
  return points;
}

/** An event's data as 2-4 `data:` lines (one when it is too short to break). */
export function dataLines(data: string, seed: number, salt: number): string[] {
  const points = breakPoints(data).filter((p) => p < data.length);
  if (points.length === 0) return [data];
  const wanted = Math.min(points.length, 1 + Math.floor(seeded(seed, salt, 1) * 3));
  const chosen = new Set<number>();
  for (let k = 0; chosen.size < wanted && k < 20; k++) {
    chosen.add(points[Math.floor(seeded(seed, salt, 2, k) * points.length)]!);
  }
  const cuts = [...chosen].sort((a, b) => a - b);
  return [0, ...cuts].map((from, i) => data.slice(from, cuts[i] ?? data.length));
}

/** One event as SSE text, with a comment line somewhere in it for every other event. */
export function encodeEvent(event: SseEvent, seed: number, salt: number): string {
  const lines: string[] = [];
  if (event.event !== undefined) lines.push(`event: ${event.event}`);
  if (event.id !== undefined) lines.push(`id: ${event.id}`);
  if (event.retry !== undefined) lines.push(`retry: ${event.retry}`);
  // An empty data (a priming event) stays one empty data line, as the SDK writes it. Every
  // other event leaves out the space after "data:", which the standard makes optional, so
  // each stream of a run holds both spellings.
  const field = salt % 2 === 0 ? 'data: ' : 'data:';
  lines.push(...dataLines(event.data, seed, salt).map((line) => `${field}${line}`));
  if (seeded(seed, salt, 3) < 0.5) {
    lines.splice(Math.floor(seeded(seed, salt, 4) * (lines.length + 1)), 0, ': via the tap');
  }
  const block = `${lines.join('\n')}\n\n`;
  // A comment-only block before some events: it is not an event and must not become one.
  return seeded(seed, salt, 5) < 0.4 ? `: keep-alive\n\n${block}` : block;
}

/** Writes re-encoded events to the client in cut pieces; drained() says when all are out. */
export class SseReshaper {
  private readonly delivery: SplitDelivery;
  private readonly seed: number;
  private count = 0;

  constructor(seed: number, write: (piece: Buffer) => void) {
    this.seed = seed;
    this.delivery = new SplitDelivery(seed, write);
  }

  push(events: readonly SseEvent[]): void {
    for (const event of events) {
      this.delivery.push(Buffer.from(encodeEvent(event, this.seed, this.count++)));
    }
  }

  drained(): Promise<void> {
    return this.delivery.drained();
  }
}

// Collects frames in the order they crossed the wire and applies the normalisation rules
// (documented in lessons/captures/README.md) so a re-capture is byte-identical:
//  1. t is the frame's position (t = seq): real timings vary run to run, order does not.
//  2. Each distinct session id becomes a fixed placeholder, numbered by first appearance,
//     wherever it occurs (headers and text).
//  3. Only the MCP-relevant headers are kept (HEADERS_KEPT); Date, Host (it carries the
//     random port), Connection, Keep-Alive, Content-Length and the like are dropped.
import { FrameRecord } from '../wire/record.ts';
import type { Direction, HttpMeta, Transport } from '../wire/record.ts';

export const HEADERS_KEPT = [
  'accept',
  'content-type',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
] as const;

export const sessionPlaceholder = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function keepHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if ((HEADERS_KEPT as readonly string[]).includes(lower)) kept[lower] = value;
  }
  // Sorted names keep the output independent of the order headers were set in.
  return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
}

export class Recorder {
  private readonly frames: FrameRecord[] = [];
  private readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  add(
    dir: Direction,
    text: string,
    http?: Omit<HttpMeta, 'headers'> & { headers?: HttpMeta['headers'] },
  ) {
    const seq = this.frames.length;
    const record = { seq, t: seq, dir, transport: this.transport, text, ...(http ? { http } : {}) };
    // Validate as we go: a malformed record should fail the capture, not the lesson build.
    this.frames.push(FrameRecord.parse(record));
  }

  /** The frames with session ids replaced (rule 2). */
  finish(): FrameRecord[] {
    const ids: string[] = [];
    for (const frame of this.frames) {
      const id = frame.http?.headers['mcp-session-id'];
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    const replace = (value: string) =>
      ids.reduce((out, id, index) => out.replaceAll(id, sessionPlaceholder(index + 1)), value);
    return this.frames.map((frame) =>
      FrameRecord.parse({
        ...frame,
        text: replace(frame.text),
        ...(frame.http
          ? {
              http: {
                ...frame.http,
                headers: Object.fromEntries(
                  Object.entries(frame.http.headers).map(([k, v]) => [k, replace(v)]),
                ),
              },
            }
          : {}),
      }),
    );
  }
}

/** One record per line, each line the record's JSON; ends with a newline. */
export function serialise(frames: FrameRecord[]): string {
  return frames.map((frame) => JSON.stringify(frame)).join('\n') + '\n';
}

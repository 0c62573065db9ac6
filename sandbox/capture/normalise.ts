// The normalisation rules of lessons/captures/README.md, as a pure pass over the frames the
// taps recorded, so that a re-capture is byte-identical:
//  1. t is the frame's position (t = seq): real timings vary from run to run, order does not.
//  2. Each distinct session id becomes a fixed placeholder, numbered by first appearance,
//     wherever it occurs (headers and text).
// The taps already keep only the MCP headers (MCP_HEADERS, in sandbox/wire/record.ts) and
// no port (the path is the server's own); frames are validated on the way out.
import { FrameRecord } from '../wire/record.ts';

export const sessionPlaceholder = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function normaliseCapture(frames: readonly FrameRecord[]): FrameRecord[] {
  const ids: string[] = [];
  for (const frame of frames) {
    const id = frame.http?.headers['mcp-session-id'];
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  const replace = (value: string) =>
    ids.reduce((out, id, index) => out.replaceAll(id, sessionPlaceholder(index + 1)), value);
  return frames.map((frame, seq) =>
    FrameRecord.parse({
      seq,
      t: seq,
      dir: frame.dir,
      transport: frame.transport,
      text: replace(frame.text),
      ...(frame.http
        ? {
            http: {
              ...frame.http,
              headers: Object.fromEntries(
                Object.entries(frame.http.headers).map(([name, value]) => [name, replace(value)]),
              ),
            },
          }
        : {}),
    }),
  );
}

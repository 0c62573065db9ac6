// The normalisation rules of sandbox/capture/README.md, as a pure pass over the frames the
// taps recorded, so that a re-capture is byte-identical:
//  1. t is the frame's position (t = seq): real timings vary from run to run, order does not.
//  2. Each distinct session id becomes a fixed placeholder, numbered by first appearance,
//     wherever it stands as that id (headers and text; see idReplacer).
// The taps already keep only the MCP headers (MCP_HEADERS, in sandbox/wire/record.ts) and
// no port (the path is the server's own); frames are validated on the way out.
import { FrameRecord } from '../wire/record.ts';

export const sessionPlaceholder = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Shorter ids than this are replaced only where a whole value is the id (see below). */
const UNGUESSABLE = 16;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces a session id where it stands as an id. A server may name its sessions "1": then a
 * "1" inside a request id, a version or a date is not the session id. A long id (a UUID) is
 * unguessable and is replaced wherever it stands between characters that cannot belong to it
 * (in an error message, a URL); a short one only as a whole value: the header itself, or a
 * JSON string member or element that is exactly the id. An empty id names nothing and is never replaced.
 */
function idReplacer(ids: readonly string[]): (value: string, whole: boolean) => string {
  const rules = ids.map((id, index) => {
    const placeholder = sessionPlaceholder(index + 1);
    const pattern =
      id.length >= UNGUESSABLE
        ? new RegExp(`(?<![0-9A-Za-z-])${escapeRegExp(id)}(?![0-9A-Za-z-])`, 'g')
        : new RegExp(
            `(?<=[:,\\[{]\\s*")${escapeRegExp(JSON.stringify(id).slice(1, -1))}(?="\\s*[,:\\]}])`,
            'g',
          );
    return { id, placeholder, pattern };
  });
  return (value, whole) =>
    rules.reduce(
      (out, { id, placeholder, pattern }) =>
        whole && out === id ? placeholder : out.replace(pattern, placeholder),
      value,
    );
}

export function normaliseCapture(frames: readonly FrameRecord[]): FrameRecord[] {
  const ids: string[] = [];
  for (const frame of frames) {
    const id = frame.http?.headers['mcp-session-id'];
    if (id !== undefined && id !== '' && !ids.includes(id)) ids.push(id);
  }
  const replaceId = idReplacer(ids);
  const replace = (value: string) => replaceId(value, false);
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
                Object.entries(frame.http.headers).map(([name, value]) => [
                  name,
                  replaceId(value, true),
                ]),
              ),
            },
          }
        : {}),
    }),
  );
}

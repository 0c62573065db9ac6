// A server's stdout is the wire: any line on it that is not a JSON-RPC message is stray. One
// reading of those lines for every exercise that judges a server's stdout, including the
// commonest way stray text loses a reply: written without a newline, it glues itself to the
// front of the message written after it, and the client cannot parse that line.
import type { RunRecord } from '../contract/check.ts';
import { readFrame, type Message } from '../wire/read.ts';
import type { Read } from './frames.ts';
import { conversation } from './run-story.ts';

/** The lines of the server's stdout that are not protocol, in order. */
export function strayLines(run: RunRecord): Read[] {
  return conversation(run)
    .from('s2c')
    .filter((r) => r.problem);
}

/** A real message glued behind stray text on one line: where it starts, and the message. */
export function gluedMessage(text: string): { at: number; message: Message } | undefined {
  for (let at = text.indexOf('{', 1); at > 0; at = text.indexOf('{', at + 1)) {
    const rest = readFrame({ seq: 0, t: 0, dir: 's2c', transport: 'stdio', text: text.slice(at) });
    if (rest.message) return { at, message: rest.message };
  }
  return undefined;
}

/** A stray line that holds the reply to `request`, glued behind something else. */
export function gluedReplyTo(run: RunRecord, request: Read): Read | undefined {
  const id = request.message?.kind === 'request' ? request.message.id : undefined;
  return strayLines(run).find((r) => {
    const glued = gluedMessage(r.frame.text)?.message;
    return glued?.kind === 'result' && glued.id === id;
  });
}

/** The stray part of a server line: all of it, or the text in front of a glued message. */
export function strayText(r: Read): string {
  const glued = gluedMessage(r.frame.text);
  return glued ? r.frame.text.slice(0, glued.at) : r.frame.text;
}

/** How many bytes of the server's stdout came before line `r`, each line ended by "\n". */
export function bytesBefore(run: RunRecord, r: Read): number {
  const lines = conversation(run).from('s2c');
  const earlier = lines.slice(0, Math.max(0, lines.indexOf(r)));
  return earlier.reduce((sum, line) => sum + bytesOf(line.frame.text) + 1, 0);
}

/** The length of a text in UTF-8 bytes, as it crossed the pipe. */
export function bytesOf(text: string): number {
  return new TextEncoder().encode(text).length;
}

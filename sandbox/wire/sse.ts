// Server-sent events, the one parser of the project: the HTTP tap records every event of a
// streamable HTTP response through it, so a capture and a learner's run cut a stream alike.
//
// Two choices the SSE standard leaves to a recorder:
// - A block made only of comments (the SDK's keep-alives) or of fields SSE does not define
//   carries nothing a client would act on: it is not an event and not a frame.
// - A last block the stream ended without a blank line after is still reported, because a
//   recording must not hide bytes that crossed the wire; browsers would drop it silently,
//   and that is worth seeing when a server cuts its stream short.

export interface SseEvent {
  /** The data lines joined by \n: the JSON-RPC message of an MCP event. */
  data: string;
  event?: string;
  id?: string;
  /** The reconnect delay in milliseconds a server asks for (a resumable stream's priming event). */
  retry?: string;
}

const KNOWN = new Set(['data', 'event', 'id', 'retry']);

/** One block (the lines between blank lines) as an event, or null when it is not one. */
export function parseSseBlock(block: string): SseEvent | null {
  const data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  let retry: string | undefined;
  let known = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (!KNOWN.has(field)) continue;
    known = true;
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = value;
  }
  if (!known) return null;
  return {
    data: data.join('\n'),
    ...(event !== undefined ? { event } : {}),
    ...(id !== undefined ? { id } : {}),
    ...(retry !== undefined ? { retry } : {}),
  };
}

/**
 * Splits an SSE text stream into events across chunk borders (CR, LF and CRLF line ends).
 * A long event arrives in many chunks: they are kept as pieces and searched only where they
 * are new, so a stream costs time in proportion to its length, not to its length squared.
 */
export class SseParser {
  /** Text after the last complete block, in the pieces it came in. */
  private pieces: string[] = [];
  private pendingLength = 0;
  /** The pending text ends with a line end, so a chunk that starts with one ends a block. */
  private endsWithNewline = false;
  // A chunk may end between the \r and \n of one line end.
  private pendingCr = false;

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    let chunk = text;
    if (this.pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    if (chunk === '') return [];
    this.pendingCr = chunk.endsWith('\r');
    chunk = chunk.replace(/\r\n?/g, '\n');
    const closes = chunk.includes('\n\n') || (this.endsWithNewline && chunk.startsWith('\n'));
    if (!closes) {
      this.pieces.push(chunk);
      this.pendingLength += chunk.length;
      this.endsWithNewline = chunk.endsWith('\n');
      return [];
    }
    // Only the seam and the new chunk can hold a block's end: the pending text had none.
    const joined = this.pieces.join('') + chunk;
    const events: SseEvent[] = [];
    let start = 0;
    let end = joined.indexOf('\n\n', Math.max(0, this.pendingLength - 1));
    while (end !== -1) {
      const event = parseSseBlock(joined.slice(start, end));
      if (event) events.push(event);
      start = end + 2;
      end = joined.indexOf('\n\n', start);
    }
    const rest = joined.slice(start);
    this.pieces = rest === '' ? [] : [rest];
    this.pendingLength = rest.length;
    this.endsWithNewline = rest.endsWith('\n');
    return events;
  }

  /** The stream ended: a last block without its blank line, if it holds an event. */
  end(): SseEvent[] {
    const rest = this.pieces.join('');
    this.pieces = [];
    this.pendingLength = 0;
    this.endsWithNewline = false;
    const event = rest.trim() === '' ? null : parseSseBlock(rest);
    return event ? [event] : [];
  }
}

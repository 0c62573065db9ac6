// Line framing, the one splitter of the project. stdio MCP is "one JSON-RPC message per
// line, ended by \n"; the taps, the capture tool, the NDJSON readers and the sentinel reader
// all cut their streams here, so a lesson's frames and a learner's frames are cut alike.
//
// Byte-exact: a line is everything before a \n, so a \r before it stays part of the line
// (a CRLF peer is shown as such). What is left when the stream ends is a line of its own
// that never ended; callers decide what an unterminated line means.

/** Cuts a byte stream into lines across chunk borders (a UTF-8 character may be split). */
export class LineSplitter {
  private pending: Uint8Array[] = [];

  /** Feeds one chunk; returns the lines it completed, without their \n. */
  push(chunk: Uint8Array): Uint8Array[] {
    const lines: Uint8Array[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      lines.push(this.take(chunk.subarray(start, nl)));
      start = nl + 1;
    }
    // Copy the tail (a Buffer's slice() would not): the caller may reuse the chunk's memory.
    if (start < chunk.length) this.pending.push(new Uint8Array(chunk.subarray(start)));
    return lines;
  }

  /** The stream ended: the bytes after the last \n, or null when there are none. */
  end(): Uint8Array | null {
    if (this.pending.length === 0) return null;
    return this.take(new Uint8Array(0));
  }

  private take(head: Uint8Array): Uint8Array {
    if (this.pending.length === 0) return head;
    const parts = [...this.pending, head];
    this.pending = [];
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

/** The same for text that is already decoded (a terminal stream, an NDJSON body). */
export class TextLineSplitter {
  private pending: string[] = [];

  push(text: string): string[] {
    if (!text.includes('\n')) {
      // A long line arriving in many chunks is joined once, when it ends.
      if (text !== '') this.pending.push(text);
      return [];
    }
    const parts = text.split('\n');
    parts[0] = this.pending.join('') + parts[0];
    const rest = parts.pop() ?? '';
    this.pending = rest === '' ? [] : [rest];
    return parts;
  }

  end(): string | null {
    if (this.pending.length === 0) return null;
    const last = this.pending.join('');
    this.pending = [];
    return last;
  }
}

/** Every line of a complete text, the unterminated last one included. */
export function splitLines(text: string): { lines: string[]; lastEnded: boolean } {
  const lines = text.split('\n');
  const last = lines.pop() ?? '';
  if (last !== '') lines.push(last);
  return { lines, lastEnded: last === '' };
}

// The lines the client has printed, as they come in on Paper Trail's stdin: in a check run
// the harness copies the client's stdout there (harness/http-peer.ts), so that
// --await-printed can hold track_shipment's next event until the client has shown the last
// one. Counted per text, because a line the server sent twice must be printed twice.
import type { Readable } from 'node:stream';

export class PrintedLines {
  readonly #printed = new Map<string, number>();
  readonly #sent = new Map<string, number>();
  readonly #waiting = new Set<() => void>();
  #ended = false;

  constructor(input: Readable) {
    const decoder = new TextDecoder();
    let rest = '';
    input.on('data', (chunk: Buffer) => {
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const text = line.replace(/\r$/, '');
        this.#printed.set(text, (this.#printed.get(text) ?? 0) + 1);
      }
      if (lines.length > 0) this.#wake();
    });
    // Nothing more can be printed: whoever waits goes on at once.
    const end = () => {
      this.#ended = true;
      this.#wake();
    };
    input.once('end', end);
    input.once('error', end);
  }

  /**
   * `line` was sent to the client once more: resolves true once it has been printed that many
   * times, false after `ms` (or at once when the input has ended without it).
   */
  sent(line: string, ms: number): Promise<boolean> {
    const wanted = (this.#sent.get(line) ?? 0) + 1;
    this.#sent.set(line, wanted);
    const done = () => (this.#printed.get(line) ?? 0) >= wanted;
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!done() && !this.#ended) return;
        clearTimeout(timer);
        this.#waiting.delete(check);
        resolve(done());
      };
      const timer = setTimeout(() => {
        this.#waiting.delete(check);
        resolve(false);
      }, ms);
      this.#waiting.add(check);
      check();
    });
  }

  #wake(): void {
    for (const check of [...this.#waiting]) check();
  }
}

let stdinLines: PrintedLines | undefined;

/** Paper Trail's own stdin, read from the first time it is asked for. */
export function printedOnStdin(): PrintedLines {
  stdinLines ??= new PrintedLines(process.stdin);
  return stdinLines;
}

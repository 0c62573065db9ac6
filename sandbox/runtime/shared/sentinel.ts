// Structured events out of a WebContainer's terminal. The container gives one merged
// pseudo-terminal stream: stdout and stderr of the harness and anything it spawns, with
// "\r\n" line ends, ANSI colour codes and chunks split at arbitrary points. So the harness
// entry inside the container prints each event on its own line behind a per-run sentinel;
// this parser picks those lines out and passes everything else through as plain text.
// Pure functions, no I/O: the unit tests feed it the ugliest streams we can think of.
import { TextLineSplitter } from '../../wire/lines.ts';

/** The sentinel is the marker plus a random per-run nonce, so no learner output can forge it. */
export const SENTINEL_MARK = '\u241eMCPW:';

export function sentinelFor(nonce: string): string {
  return `${SENTINEL_MARK}${nonce}:`;
}

// CSI sequences (colours, cursor moves), OSC sequences (titles), and lone two-byte escapes.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

export type SentinelItem = { kind: 'event'; value: unknown } | { kind: 'text'; text: string };

export interface SentinelParser {
  /** Feeds one chunk; returns what completed lines it closed. */
  push(chunk: string): SentinelItem[];
  /** Flushes a last line without a newline (call when the stream ends). */
  end(): SentinelItem[];
}

/**
 * Makes a parser for one run. A line counts as an event when, after removing ANSI codes
 * and carriage returns, it contains the sentinel followed by valid JSON. A sentinel line
 * with broken JSON is reported as text so that nothing silently disappears.
 */
export function createSentinelParser(nonce: string): SentinelParser {
  const sentinel = sentinelFor(nonce);
  const lines = new TextLineSplitter();

  function parseLine(raw: string): SentinelItem {
    const clean = stripAnsi(raw).replace(/\r/g, '');
    const at = clean.indexOf(sentinel);
    if (at !== -1) {
      const json = clean.slice(at + sentinel.length).trim();
      try {
        return { kind: 'event', value: JSON.parse(json) };
      } catch {
        return { kind: 'text', text: clean };
      }
    }
    return { kind: 'text', text: clean };
  }

  return {
    push(chunk) {
      return lines.push(chunk).map(parseLine);
    },
    end() {
      const last = lines.end();
      return last === null ? [] : [parseLine(last)];
    },
  };
}

/** The line the harness entry writes for one event (the container's pty adds the "\r"). */
export function formatSentinelLine(nonce: string, event: unknown): string {
  return `${sentinelFor(nonce)}${JSON.stringify(event)}\n`;
}

// What became of a line that is not a JSON-RPC message, judged from the capture itself: did
// the peer answer it, or did its next answer belong to a later request (so this line was
// dropped)? And which stderr line of the same run reported it? Nothing here is typed by a
// lesson author; a transcript states only what the recorded frames show.
import type { FrameView } from './view.ts';

export interface NoReply {
  /** The peer's first reply after this frame, which answers a request sent after it. */
  nextReply?: { seq: number; answers: number; method?: string };
  /** True when the capture ends without the peer saying anything more. */
  captureEnds: boolean;
  /** Lines of the run's stderr that quote the start of this frame (the parser's report). */
  stderr: string[];
}

const isStray = (view: FrameView) =>
  view.info.kind === 'not-json' || view.info.kind === 'not-jsonrpc';

/** Quoted snippets of a log line, e.g. `"hello from"` in a JSON.parse message. */
function quoted(line: string): string[] {
  return [...line.matchAll(/"([^"]{6,})"/g)].map((m) => m[1]!);
}

/** The stderr lines that quote a prefix of `text` at least six characters long. */
export function reportingLines(text: string, stderr: readonly string[]): string[] {
  return stderr.filter((line) => quoted(line).some((snippet) => text.startsWith(snippet)));
}

/**
 * For a stray stdio line: the evidence that nothing answered it. Returns undefined when the
 * frame is not stray, not stdio, or when the capture cannot tell (the peer sent something
 * that could be a reply to it, such as an error with a null id).
 */
export function noReplyEvidence(
  view: FrameView,
  all: readonly FrameView[],
  stderr: readonly string[] = [],
): NoReply | undefined {
  if (!isStray(view) || view.record.transport !== 'stdio') return undefined;
  // The sidecar is the server's stderr; it can only speak for lines the server received.
  const logs = view.record.dir === 'c2s' ? stderr : [];
  const later = all.filter(
    (v) => v.record.seq > view.record.seq && v.record.dir !== view.record.dir,
  );
  for (const candidate of later) {
    if (candidate.info.kind !== 'response') continue;
    const answers = candidate.pairedWith;
    // A response with no matching request (a parse error has id null) may be the reply.
    if (answers === undefined) return undefined;
    if (answers > view.record.seq) {
      const method = all.find((v) => v.record.seq === answers)?.info.method;
      return {
        nextReply: { seq: candidate.record.seq, answers, ...(method ? { method } : {}) },
        captureEnds: false,
        stderr: reportingLines(view.record.text, logs),
      };
    }
  }
  // Only replies to earlier requests (or nothing at all) followed.
  return later.every((v) => v.info.kind === 'response' || v.info.kind === 'notification')
    ? { captureEnds: true, stderr: reportingLines(view.record.text, logs) }
    : undefined;
}

/** Marks every stray line of a finished recording with what became of it (a lesson's capture,
 *  a file opened in the viewer). */
export function markNoReplies(views: readonly FrameView[], stderr: readonly string[] = []): void {
  for (const view of views) {
    const noReply = noReplyEvidence(view, views, stderr);
    if (noReply) view.noReply = noReply;
  }
}

// Bytes that are not one JSON-RPC message: stray text on a stdio server's stdout,
// a message glued behind it, a message spread over several lines, a line that is not JSON,
// and JSON that is not JSON-RPC. The reasons are the wire module's own `problem`
// sentences, the ones every check quotes.
import { findSplitMessage } from '../../wire/split.ts';
import { gluedMessage, strayText } from '../../checks/stray-lines.ts';
import { quote } from '../../checks/frames.ts';
import { isObject } from '../../checks/run-story.ts';
import { frameRef, say } from '../../checks/say.ts';
import type { Hit, Rule } from '../rule.ts';
import { sender, type Read, type Session } from '../session.ts';

const splits = new WeakMap<Session, number[][]>();

/** The seqs of every message written over several lines, each run of pieces once. */
export function splitPieces(session: Session): number[][] {
  const known = splits.get(session);
  if (known) return known;
  const runs: number[][] = [];
  for (const dir of ['c2s', 's2c'] as const) {
    let after = -1;
    for (;;) {
      const rest = session.reads.filter(
        (r) => r.frame.seq > after && r.frame.transport === 'stdio',
      );
      const found = findSplitMessage(rest, dir);
      if (!found) break;
      runs.push(found);
      after = found.at(-1)!;
    }
  }
  splits.set(session, runs);
  return runs;
}

const inSplit = (session: Session, read: Read) =>
  splitPieces(session).some((run) => run.includes(read.frame.seq));

/** A request whose only fault is "id": null, which request-id names. */
export const isNullIdRequest = (r: Read): boolean =>
  isObject(r.json) && r.json.id === null && typeof r.json.method === 'string';

const strayOnStdout = (r: Read) =>
  r.frame.dir === 's2c' && r.frame.transport === 'stdio' && r.kind === 'not-json';

export const strayStdout: Rule = {
  id: 'stray-stdout',
  find: (session) =>
    session.reads
      .filter((r) => strayOnStdout(r) && !gluedMessage(r.frame.text) && !inSplit(session, r))
      .map((r) => ({
        seq: r.frame.seq,
        message: say`The server's stdout carries ${frameRef(r.frame.seq)}, which ${r.problem ?? ''}. On stdio, stdout is the wire: every line there must be a JSON-RPC message, and the client drops or chokes on this one. Logs go to stderr.`,
      })),
};

export const gluedToStray: Rule = {
  id: 'glued-message',
  find: (session) =>
    session.reads.flatMap((r): Hit[] => {
      if (!strayOnStdout(r)) return [];
      const glued = gluedMessage(r.frame.text);
      if (!glued) return [];
      const what =
        glued.message.kind === 'request' || glued.message.kind === 'notification'
          ? `a ${glued.message.method} ${glued.message.kind}`
          : `the ${glued.message.kind} for id ${JSON.stringify(glued.message.id ?? null)}`;
      return [
        {
          seq: r.frame.seq,
          message: say`The server's stdout carries ${frameRef(r.frame.seq)}: stray text ${quote(strayText(r))} with ${what} glued behind it on the same line. The stray write had no newline, so the client cannot read the line, and the message in it is lost.`,
        },
      ];
    }),
};

export const notOneLine: Rule = {
  id: 'one-message-per-line',
  find: (session) => {
    const splits = splitPieces(session).map((run): Hit => ({
      seq: run[0]!,
      message: say`${frameRef(run[0]!, `Frames ${run[0]}`)}–${frameRef(run.at(-1)!, String(run.at(-1)))} from the ${sender(session.reads.find((r) => r.frame.seq === run[0])!.frame.dir)} are one JSON message spread over ${run.length} lines (pretty-printed). On stdio each message is exactly one line, so the receiver drops every piece.`,
    }));
    const lines = session.reads
      .filter(
        (r) =>
          r.frame.dir === 'c2s' &&
          r.frame.transport === 'stdio' &&
          r.kind === 'not-json' &&
          !inSplit(session, r),
      )
      .map((r): Hit => ({
        seq: r.frame.seq,
        message: say`The client's ${frameRef(r.frame.seq)} ${r.problem ?? ''}. On stdio every line is one JSON-RPC message; the server drops this one without an answer.`,
      }));
    return [...splits, ...lines];
  },
};

export const notJsonRpc: Rule = {
  id: 'not-jsonrpc',
  find: (session) =>
    session.reads
      .filter(
        (r) =>
          (r.kind === 'not-jsonrpc' && !isNullIdRequest(r)) ||
          (r.kind === 'not-json' && r.frame.transport === 'http'),
      )
      .map((r) => ({
        seq: r.frame.seq,
        message: say`The ${sender(r.frame.dir)}'s ${frameRef(r.frame.seq)} ${r.problem ?? ''}. Every message is a request, a notification or a response; anything else is dropped or refused.`,
      })),
};

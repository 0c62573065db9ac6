// What a reader of a long session wants first: where it went wrong. Counted from the same
// views (and so the same reading of the wire) that draw the frames.
import type { FrameView } from '../frames/view.ts';

export interface SummaryItem {
  key: 'unanswered' | 'protocol-errors' | 'tool-errors' | 'stray' | 'reused-ids';
  title: string;
  /** What it means, for a reader who is new to it. */
  meaning: string;
  seqs: number[];
}

export function summarise(views: readonly FrameView[]): SummaryItem[] {
  const seqsWhere = (test: (v: FrameView) => boolean) =>
    views.filter(test).map((v) => v.record.seq);
  const reused: number[] = [];
  const seen = new Set<string>();
  for (const v of views) {
    if (v.info.kind !== 'request' || v.info.id === undefined) continue;
    const key = `${v.record.dir} ${JSON.stringify(v.info.id)}`;
    if (seen.has(key)) reused.push(v.record.seq);
    seen.add(key);
  }
  return [
    {
      key: 'unanswered',
      title: 'Requests without a reply',
      meaning: 'Every request must get exactly one result or error with its id.',
      seqs: seqsWhere((v) => v.info.kind === 'request' && v.pairedWith === undefined),
    },
    {
      key: 'protocol-errors',
      title: 'Protocol errors',
      meaning: 'Replies with an "error" member: the request itself failed.',
      seqs: seqsWhere((v) => v.info.failureKind === 'protocol-error'),
    },
    {
      key: 'tool-errors',
      title: 'Tool errors',
      meaning: 'Results with "isError": true: the call worked, the tool failed.',
      seqs: seqsWhere((v) => v.info.failureKind === 'tool-error'),
    },
    {
      key: 'stray',
      title: 'Stray lines',
      meaning: 'Lines that are not JSON-RPC messages; on stdio a peer drops or chokes on them.',
      seqs: seqsWhere((v) => v.info.kind === 'not-json' || v.info.kind === 'not-jsonrpc'),
    },
    {
      key: 'reused-ids',
      title: 'Request ids used again',
      meaning: 'A sender must not reuse an id in one session: replies could not be told apart.',
      seqs: reused,
    },
  ];
}

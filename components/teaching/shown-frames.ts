// Which captured frames a lesson puts on its page, read from its MDX source: the <Frames>
// selections (seq, ids, method or the whole capture) and the rows of each <RevisionPair>.
// Only these frames get an anchor, so only these may be linked from elsewhere.
import { loadCapture, selectFrames, type Selection } from '../frames/capture.ts';

/** `name="value"` or `name={[…]}` inside one tag; arrays are read as JSON. */
function attribute(tag: string, name: string): string | unknown[] | undefined {
  const quoted = tag.match(new RegExp(`\\b${name}="([^"]*)"`));
  if (quoted) return quoted[1];
  const array = tag.match(new RegExp(`\\b${name}=\\{(\\[[^\\]]*\\])\\}`));
  return array ? (JSON.parse(array[1]!) as unknown[]) : undefined;
}

function add(shown: Map<string, Set<number>>, capture: string, seqs: Iterable<number>) {
  const set = shown.get(capture) ?? new Set<number>();
  for (const s of seqs) set.add(s);
  shown.set(capture, set);
}

/** capture name → the seqs the lesson shows of it. */
export function shownFrames(source: string, root = process.cwd()): Map<string, Set<number>> {
  const shown = new Map<string, Set<number>>();
  for (const [tag] of source.matchAll(/<Frames\b[^>]*?\/>/g)) {
    const capture = attribute(tag, 'capture');
    if (typeof capture !== 'string') continue;
    const selection: Selection = {};
    const seq = attribute(tag, 'seq');
    const ids = attribute(tag, 'ids');
    const method = attribute(tag, 'method');
    if (Array.isArray(seq)) selection.seq = seq as number[];
    if (Array.isArray(ids)) selection.ids = ids as Selection['ids'];
    if (typeof method === 'string') selection.method = method;
    const views = selectFrames(loadCapture(capture, root), selection);
    add(
      shown,
      capture,
      views.map((v) => v.record.seq),
    );
  }
  for (const [tag] of source.matchAll(/<RevisionPair\b[\s\S]*?\/>/g)) {
    for (const side of ['left', 'right'] as const) {
      const capture = attribute(tag, side);
      if (typeof capture !== 'string') continue;
      const seqs = [...tag.matchAll(new RegExp(`\\b${side}:\\s*(\\d+)`, 'g'))].map((m) =>
        Number(m[1]),
      );
      add(shown, capture, seqs);
    }
  }
  return shown;
}

// The live frame pane: frames drawn as a run streams them in, with the course's one frame
// markup (components/frames/markup.ts, the same a lesson shows) and the one reading of the
// wire. Each new frame costs the same however many came before it: only the new frame and
// the request it answers are drawn again. Frame text only ever reaches the page as text.
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { frameMarkup } from '../frames/markup.ts';
import { toDom } from '../frames/markup-render.ts';
import { answeredMethod, FrameViews, type FrameView } from '../frames/view.ts';
import '../frames/frames.css';

export interface FramePane {
  add(frame: FrameRecord): void;
  clear(): void;
  count(): number;
  /** The run's frames as recorded, in order (for "Download frames"). */
  records(): FrameRecord[];
  /** After a run: if nothing crossed the wire, say so instead of the "frames appear here" note. */
  finish(): void;
}

/** The anchor a check's "frame N" link points at. */
export const liveFrameId = (seq: number) => `frame-${seq}`;

/** One live frame as a DOM element (exported so a test can draw a frame the pane's way). */
export function liveFrameElement(
  view: FrameView,
  lookup: (seq: number) => FrameView | undefined,
  doc: Document = document,
): HTMLElement {
  return toDom(
    frameMarkup(view, {
      anchorOf: liveFrameId,
      anchored: true,
      onPage: (seq) => lookup(seq) !== undefined,
      answers: answeredMethod(view, lookup),
      unanswered: 'no reply so far',
    }),
    doc,
  );
}

export function createFramePane(list: HTMLOListElement, empty: HTMLElement): FramePane {
  const waiting = empty.textContent ?? '';
  let views = new FrameViews();
  const items = new Map<number, HTMLElement>();

  return {
    add(frame) {
      const changed = views.add(frame);
      const lookup = (seq: number) => views.get(seq);
      for (const view of changed) {
        const li = liveFrameElement(view, lookup);
        const old = items.get(view.record.seq);
        if (old) old.replaceWith(li);
        else list.append(li);
        items.set(view.record.seq, li);
      }
      empty.hidden = true;
    },
    clear() {
      views = new FrameViews();
      items.clear();
      list.replaceChildren();
      empty.textContent = waiting;
      empty.hidden = false;
    },
    count: () => views.views.length,
    records: () => views.views.map((view) => view.record),
    finish() {
      if (views.views.length > 0) return;
      empty.textContent =
        'No frame crossed the wire in this run: nothing was written to the other side, so nothing came back. The terminal shows what the programs printed.';
    },
  };
}

// A captured frame as HTML, at build time: the shared frame markup (markup.ts) with its JSON
// highlighted by Shiki, and the SSE events of an HTTP response nested inside it.
import { highlightJson } from './highlight.ts';
import { frameMarkup } from './markup.ts';
import type { Element } from './markup.ts';
import { toHtml } from './markup-render.ts';
import { answeredMethod, frameAnchor, prettyJson } from './view.ts';
import type { FrameView } from './view.ts';

export interface CapturedFrameOptions {
  capture: string;
  /** Every frame of the capture by seq, to name the method a response answers. */
  lookup(seq: number): FrameView | undefined;
  /** Frames rendered in the same block: pair links only point at frames on the page. */
  shown: ReadonlySet<number>;
  /** Anchors already taken on this page: a frame shown twice takes its id once. */
  taken: Set<string>;
  /** SSE events that arrived inside this response. */
  events?: FrameView[];
  /** Columns for the pretty-printed JSON (narrower in side-by-side views). */
  jsonWidth?: number;
}

async function capturedFrame(view: FrameView, options: CapturedFrameOptions): Promise<Element> {
  const { capture, shown, taken, jsonWidth = 72 } = options;
  const anchor = frameAnchor(capture, view.record.seq);
  const anchored = !taken.has(anchor);
  taken.add(anchor);
  const events = await Promise.all(
    (options.events ?? []).map((event) => capturedFrame(event, { ...options, events: [] })),
  );
  const json = view.info.json !== undefined;
  return frameMarkup(view, {
    anchorOf: (seq) => frameAnchor(capture, seq),
    anchored,
    onPage: (seq) => shown.has(seq),
    answers: answeredMethod(view, options.lookup),
    source: `${capture}#${view.record.seq}`,
    body: json
      ? { html: await highlightJson(prettyJson(view.info, view.record.text, jsonWidth)) }
      : undefined,
    events,
    jsonWidth,
  });
}

export async function capturedFrameHtml(
  view: FrameView,
  options: CapturedFrameOptions,
): Promise<string> {
  return toHtml(await capturedFrame(view, options));
}

// A sequence layout (sequence.ts) as markup: an inline SVG for the eye and an ordered list of
// the same arrows for everyone else (screen readers, text browsers, a reader who wants to
// copy a line). Built with the frame markup's `h` and rendered by markup-render.ts, so every
// word that came from a capture is escaped on its way into the page.
import type { Child, Element } from './markup.ts';
import { h } from './markup.ts';
import { toHtml } from './markup-render.ts';
import type { SequenceArrow, SequenceLayout, StderrNote } from './sequence.ts';
import { GEOMETRY, fit } from './sequence.ts';

export interface SequenceMarkupOptions {
  caption?: string;
}

function laneX(layout: SequenceLayout, name: string): number {
  return layout.lanes.find((lane) => lane.name === name)!.x;
}

function arrowLine(x1: number, x2: number, y: number, className: string): Element[] {
  const head = x2 > x1 ? -9 : 9;
  return [
    h('line', {
      class: `seq-line ${className}`,
      x1: `${x1}`,
      y1: `${y}`,
      x2: `${x2 + head}`,
      y2: `${y}`,
    }),
    h('polygon', {
      class: `seq-head ${className}`,
      points: `${x2},${y} ${x2 + head},${y - 5} ${x2 + head},${y + 5}`,
    }),
  ];
}

function arrowRow(layout: SequenceLayout, arrow: SequenceArrow): Element {
  const x1 = laneX(layout, arrow.from);
  const x2 = laneX(layout, arrow.to);
  const mid = (laneX(layout, 'client') + laneX(layout, 'server')) / 2;
  const text = arrow.text;
  const pill = text.length * GEOMETRY.labelChar + 16;
  const dir = arrow.from === 'client' ? 'c2s' : 's2c';
  return h(
    'a',
    {
      class: `seq-arrow seq-arrow--${dir} seq-tone--${arrow.tone}`,
      href: arrow.href,
      // The list under the picture carries the same links for keyboards and screen readers.
      tabindex: '-1',
      'data-seq': `${arrow.seq}`,
    },
    h('title', undefined, arrow.sentence),
    h(
      'text',
      {
        class: 'seq-num',
        x: `${GEOMETRY.numberColumn}`,
        y: `${arrow.y + 4}`,
        'text-anchor': 'end',
      },
      `#${arrow.seq}`,
    ),
    ...arrowLine(x1, x2, arrow.y, `seq-dir--${dir}`),
    h('rect', {
      class: 'seq-pill',
      x: `${mid - pill / 2}`,
      y: `${arrow.y - 22}`,
      width: `${pill}`,
      height: '17',
      rx: '8.5',
    }),
    h(
      'text',
      { class: 'seq-label', x: `${mid}`, y: `${arrow.y - 9}`, 'text-anchor': 'middle' },
      text,
    ),
    arrow.below !== undefined &&
      h(
        'text',
        { class: 'seq-below', x: `${mid}`, y: `${arrow.y + 16}`, 'text-anchor': 'middle' },
        arrow.below,
      ),
  );
}

function stderrRow(layout: SequenceLayout, note: StderrNote): Element {
  const server = laneX(layout, 'server');
  const lane = laneX(layout, 'stderr');
  // The line may run left across the other lanes (its row is its own), up to the edge.
  const text = fit(note.text, Math.floor((lane - 20) / GEOMETRY.noteChar));
  const width = text.length * GEOMETRY.noteChar + 12;
  return h(
    'g',
    { class: 'seq-stderr' },
    h('title', undefined, note.sentence),
    ...arrowLine(server, lane, note.y - 8, 'seq-dir--stderr'),
    h('rect', {
      class: 'seq-stderr-bg',
      x: `${lane - width}`,
      y: `${note.y}`,
      width: `${width}`,
      height: '16',
    }),
    h(
      'text',
      { class: 'seq-stderr-text', x: `${lane - 6}`, y: `${note.y + 12}`, 'text-anchor': 'end' },
      text,
    ),
  );
}

/** Two lanes drawn this wide or less fit a phone's column (20rem) with labels still legible. */
const PHONE_FIT = 440;

/**
 * How far the picture may shrink. A two-lane diagram fits a 360 px phone whole (its labels
 * at 9 px or more), since a box scrolled sideways cuts the server's lane name in half; a
 * wider one keeps 28rem, below which its labels would shrink past reading, and scrolls.
 */
function minWidth(width: number): string {
  return `min(${width <= PHONE_FIT ? '20rem' : '28rem'}, ${width}px)`;
}

function svg(layout: SequenceLayout): Element {
  const { width, height } = layout;
  const rows: { y: number; node: Element }[] = [
    ...layout.arrows.map((a) => ({ y: a.y, node: arrowRow(layout, a) })),
    ...layout.stderr.map((n) => ({ y: n.y, node: stderrRow(layout, n) })),
  ].sort((a, b) => a.y - b.y);
  return h(
    'svg',
    {
      class: 'seq-svg',
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${width} ${height}`,
      width: `${width}`,
      height: `${height}`,
      style: `min-width: ${minWidth(width)}`,
      // The picture repeats the list below it; assistive technology reads the list.
      'aria-hidden': 'true',
      focusable: 'false',
    },
    ...layout.lanes.flatMap((lane) => [
      h('line', {
        class: `seq-lifeline seq-lifeline--${lane.name}`,
        x1: `${lane.x}`,
        y1: `${GEOMETRY.laneHead}`,
        x2: `${lane.x}`,
        y2: `${height - 6}`,
      }),
      h('rect', {
        class: `seq-lane seq-lane--${lane.name}`,
        x: `${lane.x - 46}`,
        y: '8',
        width: '92',
        height: `${GEOMETRY.laneHead - 8}`,
        rx: '6',
      }),
      h(
        'text',
        { class: 'seq-lane-name', x: `${lane.x}`, y: '27', 'text-anchor': 'middle' },
        lane.name,
      ),
    ]),
    ...rows.map((row) => row.node),
  );
}

function textAlternative(layout: SequenceLayout): Element {
  const items: { y: number; node: Child }[] = [
    ...layout.arrows.map((a) => ({
      y: a.y,
      node: h('li', undefined, h('a', { href: a.href }, a.sentence)),
    })),
    ...layout.stderr.map((n) => ({
      y: n.y,
      node: h('li', { class: 'seq-text-stderr' }, n.sentence),
    })),
  ].sort((a, b) => a.y - b.y);
  return h(
    'details',
    { class: 'seq-text' },
    h('summary', undefined, `The diagram as a list (${layout.arrows.length} frames)`),
    h('ol', undefined, ...items.map((i) => i.node)),
    layout.unplacedStderr.length > 0 &&
      h(
        'p',
        undefined,
        'Also on stderr in this run (the capture does not record when): ',
        ...layout.unplacedStderr.flatMap((line, i) => [i > 0 && '; ', h('code', undefined, line)]),
      ),
  );
}

export function sequenceMarkup(
  layout: SequenceLayout,
  options: SequenceMarkupOptions = {},
): Element {
  const frames =
    layout.first === layout.last
      ? `frame ${layout.first}`
      : `frames ${layout.first}–${layout.last}`;
  const label = options.caption ?? `Sequence diagram of ${layout.capture}`;
  return h(
    'figure',
    { class: 'seq', 'data-sequence': layout.capture, 'data-transport': layout.transport },
    h(
      'figcaption',
      undefined,
      options.caption !== undefined && h('span', { class: 'frames-caption' }, options.caption),
      h(
        'span',
        { class: 'frames-source' },
        'Drawn from ',
        h('code', undefined, layout.capture),
        `, ${frames}; each arrow links to its frame`,
      ),
    ),
    h(
      'div',
      {
        class: 'seq-scroll',
        // Focusable so a keyboard can scroll it sideways where the screen is narrow.
        tabindex: '0',
        role: 'region',
        'aria-label': `${label}: picture (the list below says the same)`,
      },
      svg(layout),
    ),
    textAlternative(layout),
  );
}

export function sequenceHtml(layout: SequenceLayout, options: SequenceMarkupOptions = {}): string {
  return toHtml(sequenceMarkup(layout, options));
}

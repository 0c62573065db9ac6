// The live frame pane: the same classification (components/frames/classify.ts) and the same
// class names as the lesson's Frames component, built in the browser as frames arrive.
// Frame text comes from the learner's program: it only ever goes in through textContent.
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { directionLabel, pairFrames, prettyJson, type FrameView } from '../frames/classify.ts';
import '../frames/frames.css';

export interface FramePane {
  add(frame: FrameRecord): void;
  clear(): void;
  count(): number;
  /** After a run: if nothing crossed the wire, say so instead of the "frames appear here" note. */
  finish(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The anchor a check's "frame N" link points at. */
export const liveFrameId = (seq: number) => `frame-${seq}`;

export function createFramePane(list: HTMLOListElement, empty: HTMLElement): FramePane {
  const waiting = empty.textContent ?? '';
  let records: FrameRecord[] = [];
  const items = new Map<number, HTMLLIElement>();

  const pairText = (view: FrameView, all: FrameView[]) => {
    if (view.pairedWith === undefined) return undefined;
    if (view.info.kind !== 'response') return `answered by frame ${view.pairedWith}`;
    const method = all.find((v) => v.record.seq === view.pairedWith)?.info.method;
    return `answers frame ${view.pairedWith}${method ? ` (${method})` : ''}`;
  };

  const setPair = (li: HTMLLIElement, view: FrameView, all: FrameView[]) => {
    const text = pairText(view, all);
    const head = li.querySelector('.frame-head')!;
    head.querySelector('.frame-pair')?.remove();
    if (!text || view.pairedWith === undefined) return;
    const a = el('a', 'frame-pair', text);
    a.href = `#${liveFrameId(view.pairedWith)}`;
    head.append(a);
  };

  const render = (view: FrameView): HTMLLIElement => {
    const { record, info } = view;
    const li = el('li', `frame frame--${record.dir} frame--${info.kind}`);
    li.id = liveFrameId(record.seq);
    li.dataset.kind = info.kind;
    li.dataset.tone = info.badge.tone;
    li.setAttribute(
      'aria-label',
      [
        `Frame ${record.seq}`,
        directionLabel(record.dir),
        record.transport,
        info.label,
        info.badge.text,
      ].join(', '),
    );
    const head = el('div', 'frame-head');
    const num = el('a', 'frame-num', `#${record.seq}`);
    num.href = `#${liveFrameId(record.seq)}`;
    head.append(num, el('span', 'frame-dir', directionLabel(record.dir)));
    const part = record.http?.part;
    const transport =
      part === 'sse' ? 'SSE event' : part === 'response' ? 'HTTP response' : undefined;
    head.append(el('span', 'frame-transport', transport ?? record.transport));
    if (info.kind !== 'no-body') head.append(el('span', 'frame-kind', info.label));
    if (info.id !== undefined) head.append(el('span', 'frame-id', `id ${JSON.stringify(info.id)}`));
    const badge = el('span', `badge badge--${info.badge.tone}`, info.badge.text);
    if (info.badge.detail) badge.title = info.badge.detail;
    head.append(badge);
    li.append(head);
    const http = record.http;
    if (http && http.part !== 'sse') {
      const meta = el('div', 'http-meta');
      const line = el('p', 'http-line');
      line.append(
        el(
          'code',
          undefined,
          http.part === 'request'
            ? `${http.method ?? 'POST'} ${http.path ?? '/'}`
            : `HTTP ${http.status ?? '?'}`,
        ),
      );
      meta.append(line);
      const headers = Object.entries(http.headers ?? {});
      if (headers.length > 0) {
        const dl = el('dl', 'http-headers');
        for (const [name, value] of headers) {
          const row = el('div');
          row.append(el('dt', undefined, `${name}:`), el('dd', undefined, value));
          dl.append(row);
        }
        meta.append(dl);
      }
      li.append(meta);
    }
    if (info.badge.detail) li.append(el('p', 'frame-note', info.badge.detail));
    if (info.kind !== 'no-body') {
      const body = el('div', 'frame-body');
      const pre = el('pre');
      pre.tabIndex = 0; // scrollable, so keyboard users must be able to reach it (as Shiki does)
      pre.append(el('code', undefined, prettyJson(info, record.text)));
      body.append(pre);
      li.append(body);
    }
    const raw = el('details', 'frame-raw');
    raw.append(el('summary', undefined, 'Raw bytes'));
    const rawPre = el('pre');
    const rawCode = el('code', undefined, record.text);
    if (record.transport === 'stdio') rawCode.append(el('span', 'eol', '\\n'));
    rawPre.append(rawCode);
    raw.append(rawPre);
    li.append(raw);
    return li;
  };

  return {
    add(frame) {
      records = [...records, frame];
      const views = pairFrames(records);
      const view = views[views.length - 1];
      const li = render(view);
      items.set(frame.seq, li);
      list.append(li);
      empty.hidden = true;
      setPair(li, view, views);
      if (view.pairedWith !== undefined) {
        const partner = items.get(view.pairedWith);
        const pview = views.find((v) => v.record.seq === view.pairedWith);
        if (partner && pview) setPair(partner, pview, views);
      }
    },
    clear() {
      records = [];
      items.clear();
      list.replaceChildren();
      empty.textContent = waiting;
      empty.hidden = false;
    },
    count: () => records.length,
    finish() {
      if (records.length > 0) return;
      empty.textContent =
        'No frame crossed the wire in this run: nothing was written to the other side, so nothing came back. The terminal shows what the programs printed.';
    },
  };
}

// The markup of one frame, as data: the lesson (rendered to HTML at build time) and the
// workbench's live pane (rendered to DOM nodes as frames arrive) both draw a frame from this
// one tree, so a frame looks and reads the same wherever the course shows it. Text here is
// plain text; each renderer escapes it its own safe way (entities, or textContent).
import type { FrameView } from './view.ts';
import { directionLabel, prettyJson } from './view.ts';

export interface Element {
  tag: string;
  attrs?: Record<string, string | undefined>;
  children?: Child[];
}
/** HTML that a trusted renderer produced (Shiki's highlighting), never frame text. */
export interface TrustedHtml {
  html: string;
}
export type Child = Element | TrustedHtml | string | false | undefined;

export const h = (tag: string, attrs?: Element['attrs'], ...children: Child[]): Element => ({
  tag,
  ...(attrs ? { attrs } : {}),
  children,
});

export interface FrameMarkupOptions {
  /** The id (and #link) of frame N on this page: capture-scoped in lessons, per run in the pane. */
  anchorOf(seq: number): string;
  /** Whether this rendering takes the id (a frame shown twice on a page anchors once). */
  anchored: boolean;
  /** Whether frame N is on the page, so a pair link can point at it. */
  onPage(seq: number): boolean;
  /** The method of the request a response answers. */
  answers?: string;
  /** data-frame-source, e.g. "stdio-session#8" for a lesson's captured frame. */
  source?: string;
  /** The JSON body; defaults to the pretty-printed JSON as plain text. */
  body?: Child;
  /** What an unanswered request says: a capture is over, a live run may still get its reply. */
  unanswered?: string;
  /** SSE events that arrived inside this HTTP response, already drawn. */
  events?: Element[];
  jsonWidth?: number;
}

/** The children that are there, with a space between each two. */
function spaced(...children: Child[]): Child[] {
  return children.filter(Boolean).flatMap((child, i) => (i === 0 ? [child] : [' ', child]));
}

export function frameMarkup(view: FrameView, options: FrameMarkupOptions): Element {
  const { record, info, noReply } = view;
  const http = record.http;
  const isEvent = http?.part === 'sse';
  const anchor = options.anchorOf(record.seq);
  const receiver = record.dir === 'c2s' ? 'server' : 'client';
  const partLabel = isEvent ? 'SSE event' : http?.part === 'response' ? 'HTTP response' : undefined;
  const summary = [
    `Frame ${record.seq}`,
    directionLabel(record.dir),
    record.transport,
    info.label,
    info.badge.text,
  ].join(', ');
  const classes = ['frame', `frame--${record.dir}`, `frame--${info.kind}`];
  if (isEvent) classes.push('frame--sse');

  return h(
    'li',
    {
      class: classes.join(' '),
      id: options.anchored ? anchor : undefined,
      'data-frame-source': options.source,
      'data-kind': info.kind,
      'data-tone': info.badge.tone,
      'aria-label': summary,
    },
    h(
      'div',
      { class: 'frame-head' },
      // Spaces between the parts: the flex layout ignores them, but text read without the
      // styles (search excerpts, copy and paste, reader views) keeps its words apart.
      ...spaced(
        h(
          'a',
          { class: 'frame-num', href: `#${anchor}`, title: 'Link to this frame' },
          `#${record.seq}`,
        ),
        h('span', { class: 'frame-dir' }, directionLabel(record.dir)),
        h('span', { class: 'frame-transport' }, partLabel ?? record.transport),
        info.kind !== 'no-body' && h('span', { class: 'frame-kind' }, info.label),
        info.id !== undefined && h('span', { class: 'frame-id' }, `id ${JSON.stringify(info.id)}`),
        // An SSE event's own id (resumable streams), not to be confused with the JSON-RPC id.
        isEvent &&
          record.http?.id !== undefined &&
          h('span', { class: 'frame-event-id' }, `event id ${record.http.id}`),
        h(
          'span',
          { class: `badge badge--${info.badge.tone}`, title: info.badge.detail },
          info.badge.text,
        ),
        pairLink(view, options),
      ),
    ),
    http && !isEvent && httpMeta(view),
    info.badge.detail !== undefined && h('p', { class: 'frame-note' }, info.badge.detail),
    info.kind !== 'no-body' &&
      h(
        'div',
        { class: 'frame-body' },
        info.json === undefined
          ? h('pre', { class: 'frame-text', tabindex: '0' }, record.text)
          : (options.body ??
              h(
                'pre',
                { tabindex: '0' },
                h('code', undefined, prettyJson(info, record.text, options.jsonWidth)),
              )),
      ),
    noReply && noReplyNote(view, receiver),
    // A priming event has no body, but its id: and retry: lines are the point of it.
    (info.kind !== 'no-body' || (isEvent && record.http?.id !== undefined)) && rawBytes(view),
    options.events !== undefined &&
      options.events.length > 0 &&
      h(
        'ol',
        { class: 'sse-events', 'aria-label': 'Server-sent events in this response' },
        ...options.events,
      ),
  );
}

function pairLink(view: FrameView, options: FrameMarkupOptions): Child {
  const { info, noReply } = view;
  // A stray line has no id to pair by; its link points at the reply that proves it got none.
  const target = view.pairedWith ?? noReply?.nextReply?.seq;
  let text: string | undefined;
  if (noReply) text = 'no reply';
  else if (view.pairedWith === undefined) {
    text = info.kind === 'request' ? (options.unanswered ?? 'no reply in this capture') : undefined;
  } else if (info.kind === 'response') {
    text = `answers frame ${view.pairedWith}${options.answers ? ` (${options.answers})` : ''}`;
  } else text = `answered by frame ${view.pairedWith}`;
  if (text === undefined) return undefined;
  if (target !== undefined && options.onPage(target)) {
    return h('a', { class: 'frame-pair', href: `#${options.anchorOf(target)}` }, text);
  }
  return h('span', { class: 'frame-pair' }, text);
}

function httpMeta(view: FrameView): Element {
  const http = view.record.http!;
  const line =
    http.part === 'request'
      ? `${http.method ?? 'POST'} ${http.path ?? '/'}`
      : `HTTP ${http.status ?? '?'}`;
  const headers = Object.entries(http.headers ?? {});
  return h(
    'div',
    { class: 'http-meta' },
    h('p', { class: 'http-line' }, h('code', undefined, line)),
    headers.length > 0 &&
      h(
        'dl',
        { class: 'http-headers' },
        ...headers.map(([name, value]) =>
          h('div', undefined, h('dt', undefined, `${name}:`), h('dd', undefined, value)),
        ),
      ),
  );
}

function noReplyNote(view: FrameView, receiver: string): Element {
  const noReply = view.noReply!;
  const next = noReply.nextReply;
  const text = next
    ? `No reply came. The ${receiver}'s next reply, frame ${next.seq}, answers frame ${next.answers}${next.method ? ` (${next.method})` : ''}, which was sent after this line: the ${receiver} dropped the line and carried on.`
    : `No reply came: the capture ends without the ${receiver} answering this line.`;
  return h(
    'div',
    { class: 'frame-note frame-no-reply', 'data-no-reply': next ? String(next.seq) : 'end' },
    h('p', undefined, text),
    noReply.stderr.length > 0 &&
      h(
        'p',
        undefined,
        'The SDK reported it through ',
        h('code', undefined, 'onerror'),
        `; the ${receiver}'s stderr from the same run says:`,
      ),
    noReply.stderr.length > 0 && h('pre', { class: 'frame-stderr' }, noReply.stderr.join('\n')),
  );
}

/**
 * A carriage return draws nothing in a <pre>; in raw bytes it is often the point (a progress
 * bar, a CRLF line end). Each one stays in the text as the byte it is, in a span that CSS
 * draws as \r, so the text still equals the frame byte for byte.
 */
function withVisibleReturns(text: string): Child[] {
  return text
    .split('\r')
    .flatMap((part, i) => [
      i > 0 && h('span', { class: 'cr', title: 'carriage return (\\r)' }, '\r'),
      part,
    ]);
}

/** The frame exactly as it crossed the wire, with SSE framing and the newline that ends a line. */
function rawBytes(view: FrameView): Element {
  const { record } = view;
  const http = record.http;
  const ssePrefix =
    http?.part === 'sse'
      ? `${http.event !== undefined ? `event: ${http.event}\n` : ''}${http.id ? `id: ${http.id}\n` : ''}${http.retry ? `retry: ${http.retry}\n` : ''}data: `
      : '';
  return h(
    'details',
    { class: 'frame-raw' },
    h('summary', undefined, 'raw bytes'),
    h(
      'pre',
      undefined,
      ssePrefix && h('span', { class: 'sse-field' }, ssePrefix),
      h('code', { 'data-raw': '' }, ...withVisibleReturns(record.text)),
      record.transport === 'stdio' &&
        h('span', { class: 'eol', title: 'newline: ends the frame' }, '⏎'),
    ),
  );
}

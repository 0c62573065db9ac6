// A sequence diagram of a capture, as data: one arrow per recorded frame, in capture order,
// between the lanes the frames travelled (client, server, and the server's stderr when the
// run kept it). Pure: it takes the views wire/read.ts and wire/pair.ts produced (through
// view.ts) and decides geometry and words; sequence-markup.ts draws it. Nothing here is
// drawn by hand, so a re-capture redraws the diagram.
import type { Capture } from './capture.ts';
import type { BadgeTone, FrameView, JsonRpcId } from './view.ts';
import { directionLabel, frameAnchor } from './view.ts';

export type LaneName = 'client' | 'server' | 'stderr';

export interface Lane {
  name: LaneName;
  x: number;
}

export interface SequenceArrow {
  /** The frame's position in the capture (`#n` in transcripts). */
  seq: number;
  from: LaneName;
  to: LaneName;
  /** What the frame is, in the transcript's words: a method, "result", "error -32601", … */
  label: string;
  /** The label as drawn: with the id, cut to fit between the lanes. */
  text: string;
  /** The JSON-RPC id, when the frame carries one. */
  id?: JsonRpcId;
  /** Colours the label like the transcript's badge for the same frame. */
  tone: BadgeTone;
  /** HTTP's part of the story: "POST /mcp", "HTTP 200 · SSE stream", "SSE event". */
  http?: string;
  /** What is written under the line: the HTTP note, or that a stray line got no reply. */
  below?: string;
  /** The frame's anchor in the page's transcript (Frames gives it this id). */
  href: string;
  /** y of the arrow's line; the label sits above it, the HTTP note below. */
  y: number;
  /** The arrow in one sentence, for the text alternative and tooltips. */
  sentence: string;
}

/** A stderr line the capture ties to a frame (the SDK's report of a line it dropped). */
export interface StderrNote {
  afterSeq: number;
  text: string;
  y: number;
  sentence: string;
}

export interface SequenceLayout {
  capture: string;
  transport: 'stdio' | 'http';
  first: number;
  last: number;
  lanes: Lane[];
  arrows: SequenceArrow[];
  stderr: StderrNote[];
  /** stderr lines of the run that no frame accounts for: when they were written is unknown. */
  unplacedStderr: string[];
  width: number;
  height: number;
}

export interface SequenceOptions {
  /** Draw only frames first..last (seq, inclusive). */
  range?: readonly [number, number];
}

/** Geometry, in SVG user units (1 unit = 1 CSS px at full size). */
export const GEOMETRY = {
  numberColumn: 40,
  client: 100,
  /** The narrowest client–server gap; longer labels widen it, so short sessions stay small. */
  minGap: 220,
  stderrGap: 170,
  laneHead: 36,
  top: 70,
  row: 34,
  httpRow: 16,
  stderrRow: 48,
  bottom: 16,
  /** Advance of one character of the 12px (labels) and 11px (notes) monospace fonts. */
  labelChar: 7.3,
  noteChar: 6.7,
  /** The longest label drawn whole; a longer one is cut, its full text stays in the list. */
  maxLabel: 46,
} as const;

function laneOf(view: FrameView, end: 'from' | 'to'): LaneName {
  const fromClient = view.record.dir === 'c2s';
  return (end === 'from') === fromClient ? 'client' : 'server';
}

/** The arrow's words, taken from what wire/read.ts decided the frame is. */
export function arrowLabel(view: FrameView): string {
  const { info } = view;
  if (info.method !== undefined) return info.method;
  if (info.kind === 'response') {
    if (info.failureKind === 'protocol-error') return `error ${info.errorCode ?? '?'}`;
    if (info.failureKind === 'tool-error') return 'result · isError';
    return 'result';
  }
  if (info.kind === 'not-json') return 'not JSON';
  if (info.kind === 'not-jsonrpc') return 'not JSON-RPC';
  // An HTTP part with no body: the HTTP line is all there is to say.
  return httpNote(view) ?? 'no body';
}

/** What HTTP adds to a frame: the request line, the status, or that it came as an event. */
export function httpNote(view: FrameView): string | undefined {
  const http = view.record.http;
  if (!http) return undefined;
  if (http.part === 'request') return `${http.method ?? 'POST'} ${http.path ?? '/'}`;
  if (http.part === 'sse') return 'SSE event';
  const type = http.headers['content-type'] ?? '';
  const body = type.includes('text/event-stream')
    ? ' · SSE stream'
    : type.includes('json')
      ? ' · JSON'
      : '';
  return `HTTP ${http.status ?? '?'}${body}`;
}

function sentenceOf(view: FrameView, label: string, http: string | undefined): string {
  const { record, info } = view;
  const parts = [`#${record.seq}`, `${directionLabel(record.dir)}:`, label];
  if (info.id !== undefined) parts.push(`(id ${JSON.stringify(info.id)})`);
  if (http !== undefined && http !== label) parts.push(`[${http}]`);
  if (info.kind === 'response' && view.pairedWith !== undefined) {
    parts.push(`answers #${view.pairedWith}`);
  }
  if (view.noReply) parts.push('— no reply');
  return parts.join(' ');
}

function inRange(views: readonly FrameView[], capture: string, range?: readonly [number, number]) {
  if (!range) return [...views];
  const [first, last] = range;
  const seqs = new Set(views.map((v) => v.record.seq));
  for (const end of [first, last]) {
    if (!seqs.has(end)) throw new Error(`${capture}: range names frame ${end}, which it has not`);
  }
  if (first > last) throw new Error(`${capture}: range [${first}, ${last}] runs backwards`);
  return views.filter((v) => v.record.seq >= first && v.record.seq <= last);
}

export function layoutSequence(capture: Capture, options: SequenceOptions = {}): SequenceLayout {
  const views = inRange(capture.views, capture.name, options.range);
  if (views.length === 0) throw new Error(`${capture.name}: no frames to draw`);
  const transport = views[0]!.record.transport;
  // Only stdio has a stderr beside the frames; a stray line's report is the one we can place.
  const hasStderr = transport === 'stdio' && capture.stderr.some((line) => line.trim() !== '');
  const arrows: SequenceArrow[] = [];
  const stderr: StderrNote[] = [];
  const placed = new Set<string>();
  let y = GEOMETRY.top;
  for (const view of views) {
    const label = arrowLabel(view);
    const http = httpNote(view);
    const id = view.info.id;
    const arrow: SequenceArrow = {
      seq: view.record.seq,
      from: laneOf(view, 'from'),
      to: laneOf(view, 'to'),
      label,
      text: fit(id === undefined ? label : `${label} · id ${JSON.stringify(id)}`),
      tone: view.info.badge.tone,
      href: `#${frameAnchor(capture.name, view.record.seq)}`,
      y,
      sentence: sentenceOf(view, label, http),
    };
    if (view.info.id !== undefined) arrow.id = view.info.id;
    if (http !== undefined && http !== label) arrow.http = http;
    const receiver = arrow.to;
    const below =
      arrow.http ??
      (view.noReply?.nextReply
        ? `no reply: the ${receiver} dropped it`
        : view.noReply
          ? 'no reply in the capture'
          : undefined);
    if (below !== undefined) arrow.below = below;
    arrows.push(arrow);
    y += GEOMETRY.row + (below !== undefined ? GEOMETRY.httpRow : 0);
    for (const line of hasStderr ? (view.noReply?.stderr ?? []) : []) {
      placed.add(line);
      stderr.push({
        afterSeq: view.record.seq,
        text: line,
        y,
        sentence: `after #${view.record.seq}, server → stderr: ${line}`,
      });
      y += GEOMETRY.stderrRow;
    }
  }
  // The lanes stand as far apart as the longest label needs, and no further.
  const widest = Math.max(
    ...arrows.map((a) => a.text.length * GEOMETRY.labelChar + 40),
    ...arrows.map((a) => (a.below ?? '').length * GEOMETRY.noteChar + 40),
    GEOMETRY.minGap,
  );
  const server = GEOMETRY.client + Math.ceil(widest);
  const lanes: Lane[] = [
    { name: 'client', x: GEOMETRY.client },
    { name: 'server', x: server },
  ];
  if (hasStderr) lanes.push({ name: 'stderr', x: server + GEOMETRY.stderrGap });
  const unplacedStderr = hasStderr
    ? capture.stderr.filter((line) => line.trim() !== '' && !placed.has(line))
    : [];
  return {
    capture: capture.name,
    transport,
    first: views[0]!.record.seq,
    last: views.at(-1)!.record.seq,
    lanes,
    arrows,
    stderr,
    unplacedStderr,
    width: lanes.at(-1)!.x + 60,
    height: y - GEOMETRY.row + GEOMETRY.bottom + 14,
  };
}

/** Cuts a label to what fits between the lanes; the full text stays in the tooltip and list. */
export function fit(text: string, max: number = GEOMETRY.maxLabel): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

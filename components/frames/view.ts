// A frame as the course shows it: what the wire module read (sandbox/wire/read.ts, the one
// place that decides what a frame is) put into the words of a lesson — its label, and the
// badge that tells a tool failure from a protocol failure at a glance. The lesson's Frames
// and the workbench's live pane both build their views here, so they cannot disagree.
import { Pairing } from '../../sandbox/wire/pair.ts';
import type { PairedReading } from '../../sandbox/wire/pair.ts';
import type { FailureKind, FrameKind, JsonRpcId } from '../../sandbox/wire/read.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { layoutJson, MAX_LAYOUT_DEPTH, nestsDeeperThan } from './json-layout.ts';
import { errorName } from '../reference/error-names.ts';
import type { NoReply } from './no-reply.ts';

export type { FrameKind, JsonRpcId };

export type BadgeTone = 'ok' | 'tool-error' | 'protocol-error' | 'stray' | 'neutral';

export interface Badge {
  tone: BadgeTone;
  text: string;
  /** Longer wording for a tooltip and the note under the head. */
  detail?: string;
}

export interface FrameInfo {
  kind: FrameKind;
  json?: unknown;
  id?: JsonRpcId;
  method?: string;
  failureKind?: FailureKind;
  /** The code of a JSON-RPC error reply, as wire/read.ts read it. */
  errorCode?: number;
  badge: Badge;
  /** The kind in words: "request", "response", "(stray) not JSON", … */
  label: string;
}

export interface FrameView {
  record: FrameRecord;
  info: FrameInfo;
  /** seq of the frame this one answers, or that answers it. */
  pairedWith?: number;
  /** For a stray line: what the capture shows became of it (set when a capture is loaded). */
  noReply?: NoReply;
}

// Names come from the course's one error-code list, which the ErrorCodes table also shows.
export { errorName };

const LABELS: Record<FrameKind, string> = {
  request: 'request',
  notification: 'notification',
  response: 'response',
  'not-json': '(stray) not JSON',
  'not-jsonrpc': 'not a JSON-RPC message',
  'no-body': 'no body',
};

function badgeOf(reading: PairedReading): Badge {
  const { kind, method, message } = reading;
  if (method !== undefined) return { tone: 'neutral', text: method };
  if (message?.kind === 'error') {
    const { code, message: text } = message.error;
    const name = errorName(code);
    return {
      tone: 'protocol-error',
      text: `protocol error · ${code}`,
      detail: `JSON-RPC error ${code}${name ? ` (${name})` : ''}: ${text}`,
    };
  }
  if (reading.failureKind === 'tool-error') {
    return {
      tone: 'tool-error',
      text: 'tool error · isError',
      detail:
        'A successful JSON-RPC result whose content reports a failure: the protocol worked, the tool did not.',
    };
  }
  if (reading.failureKind === 'ok') return { tone: 'ok', text: 'result' };
  if (kind === 'not-json') {
    return {
      tone: 'stray',
      text: 'stray · not JSON',
      detail: 'These bytes are not JSON, so they are not an MCP message at all.',
    };
  }
  if (kind === 'not-jsonrpc') {
    return {
      tone: 'stray',
      text: 'not JSON-RPC',
      detail: 'Valid JSON, but not a JSON-RPC 2.0 request, notification or response.',
    };
  }
  return { tone: 'neutral', text: 'no body' };
}

export function describeReading(reading: PairedReading): FrameInfo {
  const { kind, json, id, method, failureKind } = reading;
  return {
    kind,
    label: LABELS[kind],
    badge: badgeOf(reading),
    ...(json !== undefined ? { json } : {}),
    ...(id !== undefined ? { id } : {}),
    ...(method !== undefined ? { method } : {}),
    ...(failureKind !== undefined ? { failureKind } : {}),
    ...(reading.message?.kind === 'error' ? { errorCode: reading.message.error.code } : {}),
  };
}

/**
 * Views of a recording that grows one frame at a time (the workbench's live pane) or is
 * read whole (a capture). Adding a frame costs the same however many came before it.
 */
export class FrameViews {
  readonly views: FrameView[] = [];
  private readonly pairing = new Pairing();
  private readonly bySeq = new Map<number, FrameView>();

  /** Adds one frame; returns the views that changed (the new one, and the request it answers). */
  add(record: FrameRecord): FrameView[] {
    const [reading, ...partners] = this.pairing.add(record);
    const view: FrameView = { record, info: describeReading(reading!) };
    if (reading!.pairedWith !== undefined) view.pairedWith = reading!.pairedWith;
    this.views.push(view);
    this.bySeq.set(record.seq, view);
    const changed = [view];
    for (const partner of partners) {
      const other = this.bySeq.get(partner.frame.seq);
      if (other) {
        other.pairedWith = partner.pairedWith;
        changed.push(other);
      }
    }
    return changed;
  }

  get(seq: number): FrameView | undefined {
    return this.bySeq.get(seq);
  }
}

/** Every frame of a finished recording, as views with their pairs. */
export function pairFrames(records: readonly FrameRecord[]): FrameView[] {
  const views = new FrameViews();
  for (const record of records) views.add(record);
  return views.views;
}

/** The method a response answers, found through its pair. */
export function answeredMethod(
  view: FrameView,
  lookup: (seq: number) => FrameView | undefined,
): string | undefined {
  if (view.info.kind !== 'response' || view.pairedWith === undefined) return undefined;
  return lookup(view.pairedWith)?.info.method;
}

export function directionLabel(dir: FrameRecord['dir']): string {
  return dir === 'c2s' ? 'client → server' : 'server → client';
}

/** Stable anchor for "frame N" of a capture, used in links from lessons and checkers. */
export function frameAnchor(capture: string, seq: number): string {
  return `${capture}-frame-${seq}`;
}

/**
 * The JSON pretty-printed for reading; a frame that is not JSON, or that nests too deep to
 * lay out, is shown as it is.
 */
export function prettyJson(info: FrameInfo, text: string, width = 72): string {
  if (info.json === undefined || nestsDeeperThan(info.json, MAX_LAYOUT_DEPTH)) return text;
  return layoutJson(info.json, width);
}

/**
 * Frames as a transcript lists them: an HTTP response's SSE events inside that response when
 * it is listed too (a lesson's Frames, the frame viewer), every other frame at the top.
 */
export function nestEvents(views: readonly FrameView[]): {
  top: FrameView[];
  eventsOf: Map<number, FrameView[]>;
} {
  const responses = new Map<number, FrameView>();
  const eventsOf = new Map<number, FrameView[]>();
  const top: FrameView[] = [];
  for (const v of views) {
    const http = v.record.http;
    if (http?.part === 'response') responses.set(http.exchange, v);
    const parent = http?.part === 'sse' ? responses.get(http.exchange) : undefined;
    if (parent) eventsOf.set(parent.record.seq, [...(eventsOf.get(parent.record.seq) ?? []), v]);
    else top.push(v);
  }
  return { top, eventsOf };
}

// What a captured frame is, in the words a lesson uses: its kind, the badge that tells a
// tool failure from a protocol failure, and which frame answers which. The SDK's own zod
// schemas decide what counts as a JSON-RPC message, so the site and the server agree.
import {
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import type { NoReply } from './no-reply.ts';

export type FrameKind =
  | 'request'
  | 'response'
  | 'notification'
  /** The bytes do not parse as JSON at all: a stray line in the stream. */
  | 'not-json'
  /** Parses as JSON but is not a JSON-RPC 2.0 message (no "jsonrpc", id null, a batch...). */
  | 'not-jsonrpc'
  /** An HTTP part with no body (202 Accepted, or the head of an SSE response). */
  | 'no-body';

export type BadgeTone = 'ok' | 'tool-error' | 'protocol-error' | 'stray' | 'neutral';

export interface Badge {
  tone: BadgeTone;
  text: string;
  /** Longer wording for a tooltip or screen reader. */
  detail?: string;
}

export type JsonRpcId = string | number;

export interface Classified {
  kind: FrameKind;
  /** The parsed JSON when the text is JSON, else undefined. */
  json?: unknown;
  id?: JsonRpcId;
  method?: string;
  badge: Badge;
  /** Human label for the kind: "request", "response", "notification", "(stray) not JSON". */
  label: string;
}

const ERROR_NAMES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  [-32002]: 'Resource not found',
  [-32042]: 'URL elicitation required',
};

export function errorName(code: number): string | undefined {
  return ERROR_NAMES[code];
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Classifies the text of one frame, independent of where it was captured. */
export function classifyText(text: string): Classified {
  if (text.trim() === '') {
    return { kind: 'no-body', label: 'no body', badge: { tone: 'neutral', text: 'no body' } };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return {
      kind: 'not-json',
      label: '(stray) not JSON',
      badge: {
        tone: 'stray',
        text: 'stray · not JSON',
        detail: 'These bytes are not JSON, so they are not an MCP message at all.',
      },
    };
  }
  const json = parsed.value;

  const request = JSONRPCRequestSchema.safeParse(json);
  if (request.success) {
    const { id, method } = request.data;
    return { kind: 'request', json, id, method, label: 'request', badge: methodBadge(method) };
  }
  const notification = JSONRPCNotificationSchema.safeParse(json);
  if (notification.success) {
    const { method } = notification.data;
    return {
      kind: 'notification',
      json,
      method,
      label: 'notification',
      badge: methodBadge(method),
    };
  }
  const result = JSONRPCResultResponseSchema.safeParse(json);
  if (result.success) {
    const isError = (result.data.result as { isError?: unknown }).isError === true;
    return {
      kind: 'response',
      json,
      id: result.data.id,
      label: 'response',
      badge: isError
        ? {
            tone: 'tool-error',
            text: 'tool error · isError',
            detail:
              'A successful JSON-RPC result whose content reports a failure: the protocol worked, the tool did not.',
          }
        : { tone: 'ok', text: 'result' },
    };
  }
  const error = JSONRPCErrorResponseSchema.safeParse(withoutNullId(json));
  if (error.success) {
    const { code, message } = error.data.error;
    const name = errorName(code);
    return {
      kind: 'response',
      json,
      id: error.data.id,
      label: 'response',
      badge: {
        tone: 'protocol-error',
        text: `protocol error · ${code}`,
        detail: `JSON-RPC error ${code}${name ? ` (${name})` : ''}: ${message}`,
      },
    };
  }
  return {
    kind: 'not-jsonrpc',
    json,
    label: 'not a JSON-RPC message',
    badge: {
      tone: 'stray',
      text: 'not JSON-RPC',
      detail: 'Valid JSON, but not a JSON-RPC 2.0 request, notification or response.',
    },
  };
}

// JSON-RPC answers a request it could not read (parse error) with "id": null; the SDK
// schema only allows an absent id there, so a null id is treated as absent for errors.
function withoutNullId(json: unknown): unknown {
  if (json && typeof json === 'object' && !Array.isArray(json) && 'id' in json) {
    const { id, ...rest } = json as Record<string, unknown>;
    if (id === null) return rest;
  }
  return json;
}

function methodBadge(method: string): Badge {
  return { tone: 'neutral', text: method };
}

export interface FrameView {
  record: FrameRecord;
  info: Classified;
  /** seq of the frame this one answers, or that answers it. */
  pairedWith?: number;
  /** For a stray line: what the capture shows became of it (set when a capture is loaded). */
  noReply?: NoReply;
}

/**
 * Pairs every response with the request it answers: same id, opposite direction, first
 * request still unanswered. Ids are matched per direction because client and server
 * number their own requests independently (both may use id 0).
 */
export function pairFrames(records: readonly FrameRecord[]): FrameView[] {
  const views: FrameView[] = records.map((record) => ({
    record,
    info: classifyText(record.text),
  }));
  const open = new Map<string, FrameView[]>();
  const key = (dir: string, id: JsonRpcId) => `${dir}|${typeof id}|${String(id)}`;
  for (const view of views) {
    const { info, record } = view;
    if (info.id === undefined) continue;
    if (info.kind === 'request') {
      const k = key(record.dir, info.id);
      open.set(k, [...(open.get(k) ?? []), view]);
    } else if (info.kind === 'response') {
      const requestDir = record.dir === 's2c' ? 'c2s' : 's2c';
      const queue = open.get(key(requestDir, info.id));
      const request = queue?.shift();
      if (request) {
        request.pairedWith = record.seq;
        view.pairedWith = request.record.seq;
      }
    }
  }
  return views;
}

/** The method a response answers, found through its pair. */
export function answeredMethod(view: FrameView, all: readonly FrameView[]): string | undefined {
  if (view.info.kind !== 'response' || view.pairedWith === undefined) return undefined;
  return all.find((v) => v.record.seq === view.pairedWith)?.info.method;
}

export function directionLabel(dir: FrameRecord['dir']): string {
  return dir === 'c2s' ? 'client → server' : 'server → client';
}

/** Stable anchor for "frame N" of a capture, used in links from lessons and checkers. */
export function frameAnchor(capture: string, seq: number): string {
  return `${capture}-frame-${seq}`;
}

/** The JSON pretty-printed for reading; the raw bytes are shown separately. */
export function prettyJson(info: Classified, text: string, width = 72): string {
  return info.json === undefined ? text : layoutJson(info.json, width);
}

/**
 * Like JSON.stringify(value, null, 2), but an object or array that fits in the remaining
 * width stays on one line, so a short frame reads as a few lines instead of twenty.
 * `column` is where the value starts on its line (after indentation and key).
 */
export function layoutJson(
  value: unknown,
  width = 72,
  indent = '',
  column = indent.length,
): string {
  const oneLine = inline(value);
  if (value === null || typeof value !== 'object' || column + oneLine.length <= width) {
    return oneLine;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => inner + layoutJson(item, width, inner));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const lines = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    return prefix + layoutJson(item, width, inner, prefix.length);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

function inline(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
}

// What one frame is, decided once for the whole project: its kind, its id and method, why it
// is not a JSON-RPC message when it is not one, and for a reply whether the call worked, the
// tool failed (a result with isError: true) or the protocol failed (an error). The lesson's
// badges, the workbench's frame pane, every check and the capture tool read frames here.
// The SDK's own zod schemas decide what counts as a JSON-RPC message, so the course and the
// server agree by construction.
import {
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FrameRecord } from './record.ts';

export type JsonRpcId = string | number;

export type FrameKind =
  | 'request'
  | 'notification'
  /** A result or an error: see failureKind. */
  | 'response'
  /** The bytes are not JSON at all (a stray line, an empty line). */
  | 'not-json'
  /** JSON, but not a JSON-RPC 2.0 message (no "jsonrpc", an id of null on a request, a batch). */
  | 'not-jsonrpc'
  /** An HTTP part with no body: a 202, the head of an SSE stream, a GET or DELETE. */
  | 'no-body';

/** The course's central distinction, for replies only. */
export type FailureKind = 'ok' | 'tool-error' | 'protocol-error';

export type Message =
  | { kind: 'request'; id: JsonRpcId; method: string; params?: Record<string, unknown> }
  | { kind: 'notification'; method: string; params?: Record<string, unknown> }
  | { kind: 'result'; id: JsonRpcId; result: Record<string, unknown> }
  /** id is absent when the peer could not tell which request failed ("id": null on the wire). */
  | { kind: 'error'; id?: JsonRpcId; error: { code: number; message: string; data?: unknown } };

export interface FrameReading {
  frame: FrameRecord;
  kind: FrameKind;
  /** The parsed JSON, when the text is JSON at all. */
  json?: unknown;
  /** The message, when the frame is a JSON-RPC message. */
  message?: Message;
  /** The id of a request or reply (absent for notifications and null-id errors). */
  id?: JsonRpcId;
  /** The method of a request or notification. */
  method?: string;
  /** For replies: did the call work, fail as a tool, or fail as a protocol? */
  failureKind?: FailureKind;
  /** Why the frame is not a JSON-RPC message, completing "Your frame N …" (no frame number). */
  problem?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Shortened text for a message, as a JSON string literal (so control characters show). */
export function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/**
 * Text a learner meant as JSON (it opens with { or [), shown as written in curly quotes: a
 * JSON string literal would escape every quote in it ({\"id\":1…) and hide what they sent.
 * Control characters still show as escapes.
 */
export function quoteAsWritten(text: string, max = 80): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  // eslint-disable-next-line no-control-regex
  return `“${cut.replace(/[\u0000-\u001f\u007f]/g, (c) => JSON.stringify(c).slice(1, -1))}”`;
}

/** How a line that does not parse is shown: as written when it was meant as JSON. */
function shownUnparsed(text: string): string {
  return /^\s*[{[]/.test(text) ? quoteAsWritten(text.trim()) : quote(text);
}

export function readFrame(frame: FrameRecord): FrameReading {
  const text = frame.text;
  if (text.trim() === '') {
    // Over HTTP an empty body is normal (202 Accepted, the head of an SSE stream); on stdio
    // an empty line is bytes that are not a message.
    return frame.transport === 'http'
      ? { frame, kind: 'no-body' }
      : { frame, kind: 'not-json', problem: 'is an empty line' };
  }
  const parsed = parseJson(text);
  if (!parsed.ok)
    return { frame, kind: 'not-json', problem: `is not JSON: ${shownUnparsed(text)}` };
  const json = parsed.value;
  const message = readMessage(json);
  if (!message) return { frame, kind: 'not-jsonrpc', json, problem: describeInvalid(json) };
  const reading: FrameReading = { frame, json, message, kind: kindOf(message) };
  if ('id' in message && message.id !== undefined) reading.id = message.id;
  if ('method' in message) reading.method = message.method;
  const failureKind = failureKindOf(message);
  if (failureKind) reading.failureKind = failureKind;
  return reading;
}

/**
 * The rule the course teaches, in one place: an "error" member is a protocol error (the
 * request itself failed); a result with isError: true is a tool error (the protocol worked,
 * the tool did not); any other result worked. Undefined for messages that are not replies.
 */
export function failureKindOf(message: Message): FailureKind | undefined {
  if (message.kind === 'error') return 'protocol-error';
  if (message.kind === 'result') return message.result.isError === true ? 'tool-error' : 'ok';
  return undefined;
}

function kindOf(message: Message): FrameKind {
  return message.kind === 'result' || message.kind === 'error' ? 'response' : message.kind;
}

/** A parsed JSON value as a JSON-RPC message, or undefined when it is not one. */
export function readMessage(json: unknown): Message | undefined {
  const request = JSONRPCRequestSchema.safeParse(json);
  if (request.success) return { kind: 'request', ...request.data } as Message;
  if (isObject(json) && json.id === null && !('error' in json)) {
    // The SDK's notification schema would take a request whose id is null for a notification.
    return undefined;
  }
  const notification = JSONRPCNotificationSchema.safeParse(json);
  if (notification.success) return { kind: 'notification', ...notification.data } as Message;
  const result = JSONRPCResultResponseSchema.safeParse(json);
  if (result.success) return { kind: 'result', ...result.data } as Message;
  // JSON-RPC answers a request it could not read (a parse error) with "id": null, and
  // Paper Trail's HTTP mode sends such bodies. MCP's schema has no null id, only an absent
  // one, so a null id is read as absent: still a protocol error, paired with no request.
  const error = JSONRPCErrorResponseSchema.safeParse(withoutNullId(json));
  if (error.success) {
    const { id, error: body } = error.data;
    return { kind: 'error', ...(id !== undefined ? { id } : {}), error: body } as Message;
  }
  return undefined;
}

function withoutNullId(json: unknown): unknown {
  if (!isObject(json) || json.id !== null) return json;
  const { id: _null, ...rest } = json;
  return rest;
}

/** Why a JSON value is not a JSON-RPC 2.0 message, in a learner's terms. */
function describeInvalid(json: unknown): string {
  if (Array.isArray(json)) {
    return 'is a JSON array (a batch); MCP removed batching in 2025-06-18 and servers drop it';
  }
  if (!isObject(json)) return `is JSON but not an object: ${quote(JSON.stringify(json))}`;
  if (!('jsonrpc' in json)) return 'has no "jsonrpc" member; every message needs "jsonrpc":"2.0"';
  if (json.jsonrpc !== '2.0') {
    return `has "jsonrpc": ${JSON.stringify(json.jsonrpc)}; it must be the string "2.0"`;
  }
  if ('id' in json && json.id === null) {
    return 'has "id": null; in MCP an id is a string or an integer, never null';
  }
  if ('id' in json && typeof json.id !== 'string' && !Number.isInteger(json.id)) {
    return `has "id": ${JSON.stringify(json.id)}; an id must be a string or an integer`;
  }
  if ('method' in json && typeof json.method !== 'string') {
    return 'has a "method" that is not a string';
  }
  if ('result' in json && 'error' in json) {
    return 'has both "result" and "error"; a response has one';
  }
  if (!('method' in json) && !('result' in json) && !('error' in json)) {
    return 'has no "method", "result" or "error"; it is neither a request, a notification nor a response';
  }
  const extra = Object.keys(json).filter(
    (k) => !['jsonrpc', 'id', 'method', 'params', 'result', 'error'].includes(k),
  );
  if (extra.length > 0) {
    return `has members JSON-RPC does not allow: ${extra.map((k) => `"${k}"`).join(', ')}`;
  }
  if ('params' in json && !isObject(json.params)) return 'has "params" that is not an object';
  return 'is not a valid JSON-RPC 2.0 message';
}

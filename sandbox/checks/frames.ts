// Reads recorded frames as JSON-RPC, using the SDK's own schemas, and names what is wrong
// with a frame in words a learner can act on.
import {
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Direction, FrameRecord } from '../wire/record.ts';

export type Id = string | number;

export type Message =
  | { kind: 'request'; id: Id; method: string; params?: Record<string, unknown> }
  | { kind: 'notification'; method: string; params?: Record<string, unknown> }
  | { kind: 'result'; id: Id; result: Record<string, unknown> }
  | { kind: 'error'; id?: Id; error: { code: number; message: string; data?: unknown } };

export interface Read {
  frame: FrameRecord;
  /** The parsed JSON value, when the line was JSON at all. */
  json?: unknown;
  message?: Message;
  /** Why this frame is not a valid JSON-RPC message (learner-facing, no frame number). */
  problem?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function readFrame(frame: FrameRecord): Read {
  const parsed = tryJson(frame.text);
  if (!parsed.ok) {
    const problem =
      frame.text.trim() === '' ? 'is an empty line' : `is not JSON: ${quote(frame.text)}`;
    return { frame, problem };
  }
  const json = parsed.value;
  const r = JSONRPCRequestSchema.safeParse(json);
  if (r.success) return { frame, json, message: { kind: 'request', ...r.data } as Message };
  const n = JSONRPCNotificationSchema.safeParse(json);
  if (n.success) return { frame, json, message: { kind: 'notification', ...n.data } as Message };
  const ok = JSONRPCResultResponseSchema.safeParse(json);
  if (ok.success) return { frame, json, message: { kind: 'result', ...ok.data } as Message };
  const er = JSONRPCErrorResponseSchema.safeParse(json);
  if (er.success) return { frame, json, message: { kind: 'error', ...er.data } as Message };
  return { frame, json, problem: describeInvalid(json) };
}

/** Why a JSON value is not a JSON-RPC 2.0 message, in the learner's terms. */
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
  if ('method' in json && typeof json.method !== 'string')
    return 'has a "method" that is not a string';
  if ('result' in json && 'error' in json)
    return 'has both "result" and "error"; a response has one';
  if (!('method' in json) && !('result' in json) && !('error' in json)) {
    return 'has no "method", "result" or "error"; it is neither a request, a notification nor a response';
  }
  const extra = Object.keys(json).filter(
    (k) => !['jsonrpc', 'id', 'method', 'params', 'result', 'error'].includes(k),
  );
  if (extra.length > 0)
    return `has members JSON-RPC does not allow: ${extra.map((k) => `"${k}"`).join(', ')}`;
  if ('params' in json && !isObject(json.params)) return 'has "params" that is not an object';
  return 'is not a valid JSON-RPC 2.0 message';
}

/** Shorten text for a message, without escaping it (for showing JSON as it was). */
export function clip(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function quote(text: string, max = 80): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown);
}

/**
 * Lines that are pieces of one JSON message written over several lines (pretty-printed):
 * returns the seqs of a run of frames whose joined text parses although no single one does.
 */
export function findSplitMessage(reads: Read[], dir: Direction): number[] | null {
  const mine = reads.filter((r) => r.frame.dir === dir);
  for (let i = 0; i < mine.length; i++) {
    if (mine[i].json !== undefined) continue;
    let joined = mine[i].frame.text;
    for (let j = i + 1; j < mine.length && j < i + 200; j++) {
      if (mine[j].json !== undefined && mine[j].message) break;
      joined += '\n' + mine[j].frame.text;
      if (tryJson(joined).ok) return mine.slice(i, j + 1).map((r) => r.frame.seq);
    }
  }
  return null;
}

/** All frames of a run, read; plus handy views. */
export class Conversation {
  readonly reads: Read[];
  constructor(frames: FrameRecord[]) {
    this.reads = frames.map(readFrame);
  }
  from(dir: Direction): Read[] {
    return this.reads.filter((r) => r.frame.dir === dir);
  }
  requests(dir: Direction): (Read & { message: Extract<Message, { kind: 'request' }> })[] {
    return this.from(dir).filter((r) => r.message?.kind === 'request') as never;
  }
  notifications(
    dir: Direction,
  ): (Read & { message: Extract<Message, { kind: 'notification' }> })[] {
    return this.from(dir).filter((r) => r.message?.kind === 'notification') as never;
  }
  /** The first response (result or error) going the other way with this id, after `after`. */
  responseTo(request: Read): Read | undefined {
    const m = request.message;
    if (!m || m.kind !== 'request') return undefined;
    const back: Direction = request.frame.dir === 'c2s' ? 's2c' : 'c2s';
    return this.from(back).find(
      (r) =>
        r.frame.seq > request.frame.seq &&
        (r.message?.kind === 'result' || r.message?.kind === 'error') &&
        r.message.id === m.id,
    );
  }
}

/** The line of a stderr that says what went wrong (an uncaught error), else its last lines. */
export function stderrGist(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const error = lines.find((l) => /^(\w+Error|Error)\b.*:/.test(l.trim()));
  return error ? error.trim() : lines.slice(-3).join('\n');
}

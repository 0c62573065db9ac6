// What a learner hands the frame viewer, read into frames: a capture file (one FrameRecord per
// line, what `npm run tap` and the workbench's "Download frames" write), or raw
// newline-delimited JSON-RPC pasted from a log. A bad line is kept and shown as such, never
// thrown: one broken line must not hide the thousand good ones around it.
import { FrameRecord } from '../../sandbox/wire/record.ts';
import type { Direction } from '../../sandbox/wire/record.ts';

export interface BadLine {
  /** 1-based line number in what was given. */
  line: number;
  text: string;
  problem: string;
}

export type Upload =
  | { kind: 'capture' | 'raw'; frames: FrameRecord[]; bad: BadLine[]; renumbered: boolean }
  | { kind: 'unreadable'; message: string };

/** Bigger than any real session we know of, small enough for a tab to hold. */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

// Requests and notifications only a server sends (2025-11-25); anything else a raw line
// carries is taken to come from the client, and a reply goes the other way from its request.
const FROM_SERVER = new Set([
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'notifications/message',
  // Either side may report progress on a request it received; servers do, nearly always.
  'notifications/progress',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/elicitation/complete',
  'notifications/tasks/status',
]);

const looksLikeRecord = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  'seq' in value &&
  'dir' in value &&
  'text' in value;

function parse(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `not JSON (${(error as Error).message})` };
  }
}

export function readUpload(input: string): Upload {
  const text = input.replace(/^\uFEFF/, '');
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const numbered = lines
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter((l) => l.text.trim() !== '');
  if (numbered.length === 0) return { kind: 'unreadable', message: 'There is nothing in it.' };
  const parsed = numbered.map((l) => ({ ...l, json: parse(l.text) }));
  const first = parsed.find((p) => p.json.ok);
  if (!first) {
    return {
      kind: 'unreadable',
      message: `This is neither a capture (.jsonl of frame records) nor newline-delimited JSON-RPC: none of its ${numbered.length} lines is JSON.`,
    };
  }
  return first.json.ok && looksLikeRecord(first.json.value) ? readRecords(parsed) : readRaw(parsed);
}

type Parsed = { line: number; text: string; json: ReturnType<typeof parse> };

function readRecords(parsed: Parsed[]): Upload {
  const frames: FrameRecord[] = [];
  const bad: BadLine[] = [];
  let renumbered = false;
  for (const p of parsed) {
    if (!p.json.ok) {
      bad.push({ line: p.line, text: p.text, problem: p.json.problem });
      continue;
    }
    const record = FrameRecord.safeParse(p.json.value);
    if (!record.success) {
      const problem = record.error.issues
        .map((issue) => `${issue.path.join('.') || 'the line'}: ${issue.message}`)
        .join('; ');
      bad.push({ line: p.line, text: p.text, problem: `not a frame record (${problem})` });
      continue;
    }
    // Frames are numbered by position, so that pairs and links agree even when lines were
    // removed or reordered by hand.
    if (record.data.seq !== frames.length) renumbered = true;
    frames.push({ ...record.data, seq: frames.length });
  }
  return { kind: 'capture', frames, bad, renumbered };
}

function readRaw(parsed: Parsed[]): Upload {
  const frames: FrameRecord[] = [];
  // Request ids still waiting, per direction the request went.
  const pending = { c2s: new Set<string>(), s2c: new Set<string>() };
  for (const p of parsed) {
    const dir = p.json.ok ? directionOf(p.json.value, pending) : 'c2s';
    frames.push({ seq: frames.length, t: frames.length, dir, transport: 'stdio', text: p.text });
  }
  return { kind: 'raw', frames, bad: [], renumbered: false };
}

function directionOf(value: unknown, pending: Record<Direction, Set<string>>): Direction {
  if (typeof value !== 'object' || value === null) return 'c2s';
  const m = value as { id?: unknown; method?: unknown };
  const id = m.id === undefined ? undefined : JSON.stringify(m.id);
  if (typeof m.method === 'string') {
    const dir: Direction = FROM_SERVER.has(m.method) ? 's2c' : 'c2s';
    if (id !== undefined) pending[dir].add(id);
    return dir;
  }
  // A reply travels against its request.
  if (id !== undefined && pending.s2c.has(id) && !pending.c2s.has(id)) {
    pending.s2c.delete(id);
    return 'c2s';
  }
  if (id !== undefined) pending.c2s.delete(id);
  return 's2c';
}

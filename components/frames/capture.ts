// Loads a capture file (one FrameRecord per line) at build time and picks the frames a
// lesson asks for. Runs in Node only: Astro components call it while rendering.
import { existsSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { captureFile } from '../../sandbox/course/capture-files.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { pairFrames, type FrameView, type JsonRpcId } from './view.ts';
import { markNoReplies } from './no-reply.ts';

export interface Capture {
  /** Short name used in anchors and data-frame-source, e.g. "stdio-session". */
  name: string;
  /** Path relative to the project root, for messages and links. */
  file: string;
  views: FrameView[];
  /** The server's stderr from the same run (the `.stderr.txt` sidecar), line by line. */
  stderr: string[];
}

/**
 * `stdio-session` → lessons/02-the-wire/captures/stdio-session.jsonl, wherever its lesson is;
 * a path with a slash is used as is.
 */
export function resolveCapture(ref: string, root = process.cwd()): { name: string; file: string } {
  const file = ref.includes('/') ? ref : captureFile(`${ref}.jsonl`, root);
  return { name: basename(file, '.jsonl'), file: isAbsolute(file) ? file : join(root, file) };
}

const cache = new Map<string, Capture>();

export function loadCapture(ref: string, root = process.cwd()): Capture {
  const { name, file } = resolveCapture(ref, root);
  const hit = cache.get(file);
  if (hit) return hit;
  const records = readCapture(file);
  const sidecar = file.replace(/\.jsonl$/, '.stderr.txt');
  const stderr = existsSync(sidecar) ? readFileSync(sidecar, 'utf8').split('\n') : [];
  const views = pairFrames(records);
  markNoReplies(views, stderr);
  const capture = { name, file, views, stderr };
  cache.set(file, capture);
  return capture;
}

export interface Selection {
  /** Frame positions (seq) to show; output is always in capture order. */
  seq?: number[];
  /** JSON-RPC ids: every request and response carrying one of them. */
  ids?: JsonRpcId[];
  /** Requests/notifications of this method and the responses paired with them. */
  method?: string;
}

/**
 * The frames to show, in capture order. For HTTP, picking a message brings its whole
 * exchange along (the POST, the status line, the SSE events) because a body without its
 * headers would hide exactly what the HTTP lessons are about.
 */
export function selectFrames(capture: Capture, selection: Selection = {}): FrameView[] {
  const { views } = capture;
  const { seq, ids, method } = selection;
  if (!seq && !ids && !method) return views;
  const picked = new Set<number>();
  const bySeq = new Map(views.map((v) => [v.record.seq, v]));
  for (const s of seq ?? []) {
    if (!bySeq.has(s)) throw new Error(`${capture.name}: there is no frame ${s}`);
    picked.add(s);
  }
  for (const v of views) {
    const idHit = ids !== undefined && v.info.id !== undefined && ids.includes(v.info.id);
    const methodHit = method !== undefined && v.info.method === method;
    if (idHit || methodHit) {
      picked.add(v.record.seq);
      if (methodHit && v.pairedWith !== undefined) picked.add(v.pairedWith);
    }
  }
  if (ids) {
    for (const id of ids) {
      if (!views.some((v) => v.info.id === id)) {
        throw new Error(`${capture.name}: no frame carries JSON-RPC id ${JSON.stringify(id)}`);
      }
    }
  }
  const exchanges = new Set<number>();
  for (const s of picked) {
    const http = bySeq.get(s)?.record.http;
    if (http) exchanges.add(http.exchange);
  }
  for (const v of views) {
    if (v.record.http && exchanges.has(v.record.http.exchange)) picked.add(v.record.seq);
  }
  if (picked.size === 0) throw new Error(`${capture.name}: the selection matched no frame`);
  return views.filter((v) => picked.has(v.record.seq));
}

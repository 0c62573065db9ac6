// What every client check shares about one run: the frames read once, and the hang story
// added to a failure when the run was stopped at its time limit.
import type { Outcome, RunRecord, Said } from '../contract/check.ts';
import { clientStall } from './explain.ts';
import { Conversation } from './frames.ts';
import { say } from './say.ts';

const conversations = new WeakMap<RunRecord, Conversation>();
/** Checks share one reading of the frames per run. */
export function conversation(run: RunRecord): Conversation {
  let c = conversations.get(run);
  if (!c) conversations.set(run, (c = new Conversation(run.frames)));
  return c;
}

/**
 * Adds how the run ended, when it hung; told briefly if the message already named the frame.
 * The outcome points at the message's own frame, else at the frame the hang story starts from.
 */
export function stalled(run: RunRecord, message: string | Said, frame?: number): Outcome {
  const stall = clientStall(run, conversation(run));
  const at = frame ?? stall?.frame;
  const out: Outcome = { ok: false, message };
  if (at !== undefined) out.frame = at;
  if (!stall) return out;
  if (stall.frame !== undefined && stall.frame === frame && stall.then) {
    out.message = say`${message} So ${stall.then}.`;
  } else {
    out.message = say`${message} Then ${stall.text}`;
  }
  return out;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The non-empty lines the program printed on stdout, trimmed, without a trailing \r. */
export function printedLines(run: RunRecord): string[] {
  return run.program.stdout
    .split('\n')
    .map((l) => l.replace(/\r$/, '').trim())
    .filter((l) => l !== '');
}

/**
 * Was the line at `offset` of the program's stdout printed before frame `seq` was recorded?
 * The tap records a reply before the program can read it, so "yes" is certain; a late "no"
 * may only mean the harness read the program's output late, and then the value itself tells.
 */
export function printedBefore(run: RunRecord, offset: number, seq: number): boolean {
  const chunk = run.printed.filter((p) => p.offset <= offset).at(-1);
  return chunk !== undefined && chunk.frames <= seq;
}

/** A printed line read as JSON, or undefined when it is not JSON. */
export function parsedLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

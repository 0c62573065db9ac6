// The contract between the harness and the checks: what a checker gets (one finished run,
// as recorded) and what it gives back. Neither side imports the other; both import this.
import type { FrameRecord } from '../wire/record.ts';
import type { CheckResult, MessagePart } from './events.ts';

export type Verdict = 'completed' | 'timeout' | 'output-limit' | 'crashed' | 'error';

export interface ProcessRecord {
  stdout: string;
  stderr: string;
  exit: { code: number | null; signal: string | null } | null;
}

export interface RunRecord {
  exercise: string;
  /** Which side is the learner's code. */
  learner: 'program' | 'peer';
  frames: FrameRecord[];
  /** seqs of frames whose line never ended with a newline. */
  unterminated: ReadonlySet<number>;
  /** The client side closed the server's stdin (seen by the tap). */
  stdinClosed: boolean;
  /** The tap was started at least once (the client did spawn the server command). */
  peerStarted: boolean;
  program: ProcessRecord;
  peer: ProcessRecord;
  verdict: Verdict;
  timeoutMs: number;
  /** Processes other than the program that still ran at the end and were killed. */
  killed?: number;
  durationMs: number;
}

/** A message built with the checks' `say` template: its frame mentions kept as data. */
export interface Said {
  readonly parts: readonly MessagePart[];
  /** The plain text; also what string concatenation gets, so a slip loses links, not words. */
  toString(): string;
}

export interface Outcome {
  ok: boolean;
  message: string | Said;
  hint?: string;
  frame?: number;
}

export interface Check {
  id: string;
  title: string;
  /** Shown when the check fails and the outcome has no hint of its own. */
  hint: string;
  run(record: RunRecord): Outcome;
}

export type { CheckResult };

// The contract between the harness and the checks: what a checker gets (one finished run,
// as recorded) and what it gives back. Neither side imports the other; both import this.
import type { FrameRecord } from '../wire/record.ts';
import type { CheckResult, MessagePart } from './events.ts';

export type Verdict =
  'completed' | 'timeout' | 'output-limit' | 'memory-limit' | 'crashed' | 'error';

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
  /**
   * For each chunk of the program's stdout as it arrived: where it starts in program.stdout
   * and how many frames the tap had recorded by then. The relay records a reply before the
   * program can read it, so a line printed while its reply's frame was not yet recorded was
   * certainly printed before the reply arrived.
   */
  printed: readonly { offset: number; frames: number }[];
  /** A check run's seed: Paper Trail's per-run data and the tap's cuts come from it. */
  seed?: number;
  /** The peer's bytes reached the program cut inside every line (check runs of a client). */
  splitDelivery: boolean;
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

/** A check's answer: it passed or it failed, in words the learner can act on. */
export interface Judgement {
  ok: boolean;
  reached?: true;
  message: string | Said;
  hint?: string;
  frame?: number;
}

/**
 * The check had nothing to judge: what it looks at never happened (no request was sent, no
 * answer came), for a reason another check names. Never a pass, and not a mistake of its own,
 * so it carries no hint; the message says what was missing.
 */
export interface NotReached {
  ok: false;
  reached: false;
  message: string | Said;
  frame?: number;
}

export type Outcome = Judgement | NotReached;

export interface Check {
  id: string;
  title: string;
  /**
   * Ungraded: the check shows the learner something (what an older client meets, say) and
   * never passes or fails the run. Its outcome's `ok` is ignored; its message is the point.
   */
  info?: true;
  /** Shown when the check fails and the outcome has no hint of its own. */
  hint: string;
  run(record: RunRecord): Outcome;
}

export type { CheckResult };

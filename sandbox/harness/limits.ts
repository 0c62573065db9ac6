// The limits of one session and the verdict they lead to. The first limit hit names the
// verdict and stops the program; later ones only stop it again.
import type { Verdict } from '../contract/check.ts';
import type { ExerciseMeta } from '../exercises/schema.ts';

export interface Limits {
  timeoutMs: number;
  /** Bytes per stream of stdout/stderr (the program's each, the stdio peer's together). */
  maxOutputBytes: number;
  /** Bytes of recorded frames. */
  maxFrameBytes: number;
}

/** The exercise's own time limit and the defaults, unless the caller set them. */
export function resolveLimits(run: ExerciseMeta['run'], options: Partial<Limits>): Limits {
  return {
    timeoutMs: options.timeoutMs ?? run.timeoutMs,
    maxOutputBytes: options.maxOutputBytes ?? 1024 * 1024,
    maxFrameBytes: options.maxFrameBytes ?? 8 * 1024 * 1024,
  };
}

/** Counts bytes against a cap. */
export class ByteBudget {
  private spent = 0;
  private readonly cap: number;
  constructor(cap: number) {
    this.cap = cap;
  }
  /** Adds n bytes; false once the total is over the cap. */
  spend(n: number): boolean {
    this.spent += n;
    return this.spent <= this.cap;
  }
}

/** Holds the verdict: the first reason the run was stopped, or a crash noted on exit. */
export class Stopper {
  private first: Verdict | null = null;
  private kill: (() => void) | null = null;

  /** The program runs: from now on, stopping the run calls `kill`. */
  attach(kill: () => void): void {
    this.kill = kill;
  }

  stop(why: Verdict): void {
    // Until the program runs there is nothing to stop, and nothing it did to judge.
    if (!this.kill) return;
    if (this.first === null) this.first = why;
    this.kill();
  }

  /** Records a verdict without stopping anything (the program already ended). */
  note(why: Verdict): void {
    if (this.first === null) this.first = why;
  }

  get verdict(): Verdict | null {
    return this.first;
  }
}

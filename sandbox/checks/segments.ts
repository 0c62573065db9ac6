// Cutting one recorded run into the parts a driver ran one after another (the learner's
// program, then another client against the same server): the driver marks each start with a
// line on its stdout, and the run records how many frames the tap held when each chunk of
// stdout arrived, so a marker line tells where in the frames its part begins.
import type { ProcessRecord, RunRecord } from '../contract/check.ts';

/**
 * How many frames the tap had recorded when the stdout line at `offset` was printed; every
 * frame when the line came after the last recorded chunk.
 */
export function framesBefore(run: RunRecord, offset: number): number {
  return run.printed.filter((p) => p.offset <= offset).at(-1)?.frames ?? run.frames.length;
}

export interface FrontPart {
  /** Frames [0, frames) belong to the part. */
  frames: number;
  /** Its stdout ends here (the rest is the driver's, or the next part's). */
  stdoutEnd: number;
  /** Its exit, when the driver reported one; else the program's own. */
  exit?: ProcessRecord['exit'];
}

/**
 * The run as if the front part had been the only program: its frames, its stdout and its
 * exit, so the course's shared checks judge that part alone.
 */
export function frontOfRun(run: RunRecord, part: FrontPart): RunRecord {
  return {
    ...run,
    frames: run.frames.slice(0, part.frames),
    // When the front part is the whole run, the tap's own word counts; else the part started
    // a server exactly when it has frames.
    peerStarted: part.frames > 0 || (part.frames === run.frames.length && run.peerStarted),
    program: {
      ...run.program,
      stdout: run.program.stdout.slice(0, part.stdoutEnd),
      exit: part.exit === undefined ? run.program.exit : part.exit,
    },
  };
}

// A driver that runs the learner's program first and something else after it (another client
// against the same server) prints a marker line before the next part starts and reports the
// program's exit on a line of its own, since the recorded exit is the driver's. The program's
// part is then the run up to that marker, with the exit the driver saw.
import type { RunRecord } from '../contract/check.ts';
import { driverReports } from './driver-reports.ts';
import { framesBefore, frontOfRun } from './segments.ts';

/**
 * The run as if the learner's program had been the only one: the frames before the driver's
 * first `@@<marker>` line, the stdout before its `@@<exitTag>` line, and the exit that line
 * reports (the run's own when there is no such line).
 */
export function frontUntil(run: RunRecord, marker: string, exitTag: string): RunRecord {
  const out = run.program.stdout;
  const exit = driverReports(out, exitTag)[0];
  const next = driverReports(out, marker)[0];
  const [code, signal] = [exit?.value.code, exit?.value.signal];
  return frontOfRun(run, {
    frames: next ? framesBefore(run, next.offset) : run.frames.length,
    stdoutEnd: exit?.offset ?? out.length,
    ...(exit && {
      exit: {
        code: typeof code === 'number' ? code : null,
        signal: typeof signal === 'string' ? signal : null,
      },
    }),
  });
}

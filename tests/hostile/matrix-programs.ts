// The hostile programs of the standing matrix, each a fixture in fixtures/<name>/
// written so that it works in the place of any exercise's editable file: as raw-client's
// client, as stdout-is-the-wire's server (started by the reference client), as
// two-kinds-of-failure's outcome.ts (loaded by the driver) and as negotiate's client (started
// three times by its driver). Each says how the run must end.
import { readFileSync } from 'node:fs';
import type { Verdict } from '../../sandbox/contract/check.ts';
import { fixture } from './cli.ts';

export const EXERCISES = [
  'raw-client',
  'stdout-is-the-wire',
  'two-kinds-of-failure',
  'negotiate',
] as const;
export type ExerciseId = (typeof EXERCISES)[number];

/** The file the learner edits in each exercise: where the hostile code goes. */
export const EDITED: Record<ExerciseId, string> = {
  'raw-client': 'client.ts',
  'stdout-is-the-wire': 'server.ts',
  'two-kinds-of-failure': 'outcome.ts',
  negotiate: 'client.ts',
};

export interface Hostile {
  name: string;
  /** How the run ends, per exercise. */
  verdict: Record<ExerciseId, Verdict>;
  /** It never ends by itself: only the time limit ends it, so that limit is kept short. */
  hangs?: boolean;
  /** It leaves detached grandchildren that ignore SIGTERM; the run must report killing them. */
  strays?: boolean;
  /** It writes mcpw-hostile-outside-<the case's id> in the temp folder. */
  writesOutside?: boolean;
  /**
   * Run in these exercises only. The floods cost the most (megabytes through the tap) and
   * meet the same limits in every exercise, so they run once per transport, in raw-client.
   */
  only?: ExerciseId[];
}

const all = (v: Verdict): Record<ExerciseId, Verdict> => ({
  'raw-client': v,
  'stdout-is-the-wire': v,
  'two-kinds-of-failure': v,
  negotiate: v,
});
/**
 * A client that dies is, for negotiate's driver, one more run to report: the driver itself
 * finishes, and the checks say what the client did.
 */
const crashesButDriverFinishes: Record<ExerciseId, Verdict> = {
  ...all('crashed'),
  negotiate: 'completed',
};
/** A server that exits at once leaves the reference client without one: it fails. */
const exitsAtOnce: Record<ExerciseId, Verdict> = {
  ...all('completed'),
  'stdout-is-the-wire': 'crashed',
};

export const HOSTILE: Hostile[] = [
  { name: 'busy-loop', verdict: all('timeout'), hangs: true },
  { name: 'idle-forever', verdict: all('timeout'), hangs: true },
  { name: 'throws', verdict: crashesButDriverFinishes },
  { name: 'exit-3', verdict: crashesButDriverFinishes },
  { name: 'stdout-flood', verdict: all('output-limit'), only: ['raw-client'] },
  { name: 'huge-frame', verdict: all('output-limit'), only: ['raw-client'] },
  { name: 'binary-garbage', verdict: exitsAtOnce },
  { name: 'detached-grandchild-hang', verdict: all('timeout'), hangs: true, strays: true },
  { name: 'stdin-closed', verdict: exitsAtOnce },
  { name: 'write-outside', verdict: exitsAtOnce, writesOutside: true },
  { name: 'forged-record', verdict: exitsAtOnce },
  { name: 'double-fork-empty-env', verdict: exitsAtOnce },
];

/** The strays' marker in the matrix, apart from grandchildren.test.ts's own running at once. */
export const STRAY_PREFIX = 'mcpw-matrix-stray';

/**
 * The source that goes into the exercise's editable file: a prologue that gives the fixture
 * the case's `id` (MCPW_HOSTILE_ID: its strays and the file it writes outside are named by
 * it) and notes where the program runs (its pid, work folder and which folder that is, run
 * marker, the command lines above it) in `note`,
 * then the fixture, then for outcome.ts the export the driver needs to load it.
 */
export function hostileSource(h: Hostile, exercise: ExerciseId, note: string, id: string): string {
  const body = readFileSync(`${fixture(h.name)}client.ts`, 'utf8').replaceAll(
    'mcpw-hostile-stray',
    STRAY_PREFIX,
  );
  const prologue = `
import { readFileSync as mxRead, statSync as mxStat, writeFileSync as mxWrite } from 'node:fs';
process.env.MCPW_HOSTILE_ID = ${JSON.stringify(id)};
{
  const above = [];
  let pid = process.ppid;
  for (let i = 0; i < 4 && pid > 1; i++) {
    try {
      above.push(mxRead('/proc/' + pid + '/cmdline', 'utf8').split('\\0').join(' '));
      const stat = mxRead('/proc/' + pid + '/stat', 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  mxWrite(${JSON.stringify(note)}, JSON.stringify({
    t: Date.now(), pid: process.pid, cwd: process.cwd(), run: process.env.MCPW_RUN ?? null, above,
    ino: mxStat('.').ino, birth: mxStat('.').birthtimeMs,
  }));
}
`;
  const tail =
    exercise === 'two-kinds-of-failure'
      ? "\nexport function classify(): string {\n  return 'ok';\n}\n"
      : '';
  return prologue + body + tail;
}

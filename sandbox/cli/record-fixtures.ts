// `exercise fixtures <id> --record`: each fixture folder's check run stored as its record
// (fixture-records.ts), and `--recorded`: the stored records judged with today's checks, no
// process started. Only runs that ended on their own are recorded: a run stopped at a limit
// (time, output, memory) says as much about the machine as about the fixture, and one that
// floods its output would store megabytes, so those fixtures run live each time.
import type { Check } from '../contract/check.ts';
import type { Summary } from '../harness/run.ts';
import { join } from 'node:path';
import { exerciseFolders, FIXTURES_DIR } from '../course/exercise-folders.ts';
import {
  fixtureTargets,
  type FixtureRun,
  type FixtureRunOptions,
  type FixtureTarget,
} from './fixtures.ts';
import {
  type FixtureRecord,
  judgeFixtureRecord,
  readFixtureRecord,
  recordPath,
  seedOf,
  writeFixtureRecord,
} from './fixture-records.ts';
import { changedInputs, recordInputs } from './record-inputs.ts';

/** Beyond this a record costs the repository more than its run costs the tests. */
const MAX_RECORD_BYTES = 256 * 1024;

export interface RecordingPlace {
  exercise: string;
  /** The checkout whose engine records (record-inputs.ts). */
  repo: string;
  exerciseDir: string;
  fixturesDir: string;
}

export interface Recording {
  hooks: Pick<FixtureRunOptions, 'seedFor' | 'recorded'>;
  /** What was written and what was left live, for the person who ran it. */
  report: () => string[];
}

/** An existing record's seed, so that re-recording keeps the frames a fixture table names. */
function storedSeed(place: RecordingPlace, name: string): number | undefined {
  try {
    const record = readFixtureRecord(recordPath(place.fixturesDir, name));
    return record ? seedOf(record) : undefined;
  } catch {
    return undefined;
  }
}

export function recording(place: RecordingPlace): Recording {
  const written: string[] = [];
  const live: string[] = [];
  return {
    hooks: {
      seedFor: (target) => (target.dir ? storedSeed(place, target.name) : undefined),
      recorded: (target, sessions, summary) => {
        // The starter and the solution always run live: they are what a learner starts from.
        if (!target.dir) return;
        const path = recordPath(place.fixturesDir, target.name);
        const ended = sessions.every(
          ({ record }) => record.verdict === 'completed' || record.verdict === 'crashed',
        );
        const base = {
          exercise: place.exercise,
          fixture: target.name,
          inputs: recordInputs(place.repo, place.exerciseDir, target.dir),
        };
        const stayLive = (why: string): void => {
          writeFixtureRecord(path, { ...base, live: why, sessions: [] });
          live.push(`${target.name} (${why})`);
        };
        if (!ended || sessions.length === 0) {
          stayLive(`its run ended at a limit: ${summary.verdict}`);
          return;
        }
        const size = writeFixtureRecord(path, { ...base, sessions: [...sessions] });
        if (size > MAX_RECORD_BYTES) {
          stayLive(`its record would take ${Math.round(size / 1024)} kB`);
          return;
        }
        written.push(target.name);
      },
    },
    report: () => [
      `recorded ${written.length} fixture runs beside their folders (*.record.json)`,
      ...(live.length > 0
        ? [`not recorded, they run live each time: ${live.join(', ')}`]
        : ['every fixture was recorded']),
    ],
  };
}

/**
 * The fixture folders' stored runs judged with `checks`, as fixture runs for the usual
 * report; a folder without a record is named in `missing`.
 */
export function judgeRecords(
  targets: readonly FixtureTarget[],
  place: RecordingPlace,
  checks: readonly Check[],
): { runs: FixtureRun[]; missing: string[] } {
  const runs: FixtureRun[] = [];
  const missing: string[] = [];
  for (const target of targets) {
    if (!target.dir) continue;
    const record = readFixtureRecord(recordPath(place.fixturesDir, target.name));
    if (!record || record.live !== undefined) {
      missing.push(target.name);
      continue;
    }
    const judged = judgeFixtureRecord(checks, record);
    const summary: Summary = {
      exercise: place.exercise,
      mode: 'check',
      verdict: judged.verdict,
      passed: judged.passed,
      checks: judged.checks,
      frames: record.sessions[0]!.record.frames.length,
      durationMs: 0,
      summary: 'judged from its record',
      seed: seedOf(record),
    };
    runs.push({ target, summary });
  }
  return { runs, missing };
}

export type RecordState =
  | { state: 'current'; record: FixtureRecord }
  | { state: 'live'; record: FixtureRecord; why: string }
  | { state: 'changed'; record: FixtureRecord; why: string }
  | { state: 'missing'; why: string };

/**
 * Whether a fixture's record can stand in for its run today: it is current, it says the
 * fixture runs live (it ends at a limit), its inputs changed since it was made, or it is
 * missing. Only a current record is judged; everything else runs live.
 */
export function recordState(
  repo: string,
  exerciseDir: string,
  fixturesDir: string,
  name: string,
): RecordState {
  const record = readFixtureRecord(recordPath(fixturesDir, name));
  if (!record) return { state: 'missing', why: 'it has no record' };
  if (record.live !== undefined) {
    return { state: 'live', record, why: `recorded as live: ${record.live}` };
  }
  const changed = changedInputs(
    record.inputs,
    recordInputs(repo, exerciseDir, join(fixturesDir, name)),
  );
  if (changed.length > 0) {
    return {
      state: 'changed',
      record,
      why: `changed since it was recorded: ${changed.join('; ')}`,
    };
  }
  return { state: 'current', record };
}

/** Every exercise's fixtures by state, for one line before the tests run. */
export function recordStates(repo: string): {
  counts: Record<RecordState['state'], number>;
  changed: string[];
} {
  const counts = { current: 0, live: 0, changed: 0, missing: 0 };
  const changed = new Set<string>();
  for (const exercise of exerciseFolders(repo)) {
    const fixturesDir = join(exercise.dir, FIXTURES_DIR);
    for (const target of fixtureTargets(fixturesDir)) {
      if (!target.dir) continue;
      const { state } = recordState(repo, exercise.dir, fixturesDir, target.name);
      counts[state] += 1;
      if (state === 'changed' || state === 'missing') changed.add(exercise.id);
    }
  }
  return { counts, changed: [...changed] };
}

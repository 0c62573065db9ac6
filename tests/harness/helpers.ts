// Shared by the harness, exercise and CLI tests.
import { fileURLToPath } from 'node:url';
import type { Check, RunRecord } from '../../sandbox/contract/check.ts';
import { HarnessEvent } from '../../sandbox/contract/events.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import type { RunOptions, Summary } from '../../sandbox/harness/run.ts';

export const FIXTURE_EXERCISES = fileURLToPath(new URL('./fixtures/exercises/', import.meta.url));

/** Run through the harness, validating every event against the shared schema. */
export async function collect(
  options: RunOptions,
): Promise<{ events: HarnessEvent[]; summary: Summary }> {
  const events: HarnessEvent[] = [];
  const summary = await runExercise(options, (e) => events.push(HarnessEvent.parse(e)));
  return { events, summary };
}

export { processAlive as isAlive } from '../../sandbox/harness/procs.ts';

/** A check that passes and keeps every record it is given, for tests that read the record. */
export function keeper(): { check: Check; records: RunRecord[] } {
  const records: RunRecord[] = [];
  const check: Check = {
    id: 'keep-the-record',
    title: 'keep the record',
    hint: '',
    run(record) {
      records.push(record);
      return { ok: true, message: 'kept' };
    },
  };
  return { check, records };
}

// Checks of one run each read the same derived views (its exchanges, its segments, a driver's
// table); computing a view once per run keeps eleven checks from parsing the frames eleven
// times, and a WeakMap lets the run and its views go together.
import type { RunRecord } from '../contract/check.ts';

/** `view` computed at most once per run. */
export function perRun<T>(view: (run: RunRecord) => T): (run: RunRecord) => T {
  const cache = new WeakMap<RunRecord, T>();
  return (run) => {
    if (cache.has(run)) return cache.get(run)!;
    const value = view(run);
    cache.set(run, value);
    return value;
  };
}

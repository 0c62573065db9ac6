// A check that judges a tool's answer by the tool's own entry (its outputSchema, its input
// schema) reads the entry as the server listed it in this run, not as the course remembers it.
import type { RunRecord } from '../contract/check.ts';
import { resultOf } from './query.ts';
import { conversation } from './run-story.ts';

/** The tools of the server's first tools/list answer, [] when none came. */
export function listedTools(run: RunRecord): Record<string, unknown>[] {
  const listed = conversation(run)
    .from('s2c')
    .map(resultOf)
    .find((r) => Array.isArray(r?.tools));
  return (listed?.tools ?? []) as Record<string, unknown>[];
}

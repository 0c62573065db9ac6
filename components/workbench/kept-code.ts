// The learner's code as it was just before they applied the solution, kept so that one click
// ("Restore my code") brings it back, even after a reload. One slot per exercise: applying the
// solution again keeps the code of that moment instead.
import type { ProgressStore } from './progress.ts';
import type { Files } from './saved-code.ts';

export const keptKey = (id: string) => `mcpw:before-solution:${id}`;

export function readKept(id: string, store: ProgressStore): Files | undefined {
  let value: unknown;
  try {
    value = JSON.parse(store.getItem(keptKey(id)) ?? '');
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(([, text]) => typeof text === 'string');
  return entries.length > 0 ? (Object.fromEntries(entries) as Files) : undefined;
}

/** Writes (or, with undefined, clears) the slot; false when the browser refused. */
export function writeKept(id: string, store: ProgressStore, files: Files | undefined): boolean {
  try {
    store.setItem(keptKey(id), files ? JSON.stringify(files) : '');
    return true;
  } catch {
    return false;
  }
}

// The exercise status badges ("not started", "started", "done") of every page. Lesson pages
// must stay within a few KiB of script, so this reads the stored value without zod: a badge
// needs only the done mark, which counts only when it is exactly `true`, and whether anything
// readable is stored at all. tests/workbench/exercise-status.test.ts holds it to the verdicts
// of the full reader, readProgress() in progress.ts, over damaged values.
import { progressKey } from './progress-key.ts';

export type ExerciseStatus = 'not-started' | 'started' | 'done';

/** A stored value's badge: "started" once it holds an object, "done" once its done mark is true. */
export function statusOf(raw: string | null): ExerciseStatus {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return 'not-started';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not-started';
  return (value as { done?: unknown }).done === true ? 'done' : 'started';
}

const LABELS: Record<ExerciseStatus, string> = {
  'not-started': 'not started',
  started: 'started',
  done: 'done',
};

/** Fills every [data-exercise-status="<id>"] on the page from stored progress. */
export function applyExerciseStatus(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-exercise-status]')) {
    let raw: string | null = null;
    // Merely touching `localStorage` throws where a browser blocks storage for the page.
    try {
      raw = localStorage.getItem(progressKey(el.dataset.exerciseStatus ?? ''));
    } catch {
      // Shown as not started.
    }
    const state = statusOf(raw);
    el.dataset.state = state;
    el.textContent = LABELS[state];
  }
}

/**
 * The saved text of one file, for the plain-text preview before Start; null unless it is
 * stored as text. The full reader (progress.ts, with zod) checks everything once the learner
 * starts the workbench; the preview only ever shows a string, and only as textContent.
 */
export function savedTextOf(raw: string | null, path: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return null;
  }
  const files = (value as { files?: unknown } | null)?.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return null;
  if (!Object.hasOwn(files, path)) return null;
  const text = (files as Record<string, unknown>)[path];
  return typeof text === 'string' ? text : null;
}

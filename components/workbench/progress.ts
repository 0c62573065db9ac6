// Per-exercise progress in localStorage: the learner's files and whether the checks have
// passed. Every write reports its outcome, so a full quota is shown to the learner instead
// of being lost silently. Tiny and dependency-free: lesson and home pages load it too.

export interface Progress {
  files: Record<string, string>;
  done: boolean;
}

export type SaveResult = 'saved' | 'quota' | 'unavailable';

/** Where progress is kept: localStorage in the page, any object with these two methods in tests. */
export type ProgressStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The localStorage key of one exercise (also what a `storage` event from another tab names). */
export const progressKey = (id: string) => `mcpw:exercise:${id}`;

// The store defaults inside the try: merely touching `localStorage` throws where a browser
// blocks storage for the page.
export function loadProgress(id: string, store?: ProgressStore): Progress | undefined {
  try {
    return parseProgress((store ?? localStorage).getItem(progressKey(id)));
  } catch {
    return undefined;
  }
}

/** Reads a stored value (or a `storage` event's newValue); undefined when absent or unreadable. */
export function parseProgress(raw: string | null): Progress | undefined {
  try {
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Progress>;
    return {
      files: value.files && typeof value.files === 'object' ? value.files : {},
      done: value.done === true,
    };
  } catch {
    return undefined;
  }
}

export function saveProgress(id: string, progress: Progress, store?: ProgressStore): SaveResult {
  try {
    (store ?? localStorage).setItem(progressKey(id), JSON.stringify(progress));
    return 'saved';
  } catch (err) {
    return isQuotaError(err) ? 'quota' : 'unavailable';
  }
}

function isQuotaError(err: unknown): boolean {
  if (!(err instanceof DOMException)) return false;
  // Firefox used a different name for years; the legacy codes cover old engines.
  return (
    err.name === 'QuotaExceededError' ||
    err.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    err.code === 22 ||
    err.code === 1014
  );
}

/** Fills every [data-exercise-status="<id>"] on the page from stored progress. */
export function applyExerciseStatus(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-exercise-status]')) {
    const id = el.dataset.exerciseStatus ?? '';
    const p = loadProgress(id);
    const state = p?.done ? 'done' : p ? 'started' : 'not-started';
    el.dataset.state = state;
    el.textContent = state === 'done' ? 'done' : state === 'started' ? 'started' : 'not started';
  }
}

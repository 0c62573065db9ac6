// Per-exercise progress in localStorage: the learner's files and whether the checks have
// passed. Every write reports its outcome, so a full quota is shown to the learner instead
// of being lost silently. What is read back is validated, since anything (an old version, an
// extension, a hand edit) may have written it: the damaged parts are left out and named, the
// rest is kept. The workbench reads it before its editor can show anything, so it checks
// with plain type tests (a stored value has three parts, each a JSON type) rather than
// bring zod into the page (lesson and home pages load only exercise-status.ts).
import { progressKey } from './progress-key.ts';

export interface Progress {
  files: Record<string, string>;
  done: boolean;
}

/** What reading stored progress found: the usable part, and what had to be left out. */
export interface ReadBack {
  /** Undefined when nothing is stored, or nothing stored could be used. */
  progress: Progress | undefined;
  /** Each left-out part, in the learner's words (a file's name and why); empty when whole. */
  discarded: string[];
}

export type SaveResult = 'saved' | 'quota' | 'unavailable';

/** Where progress is kept: localStorage in the page, any object with these two methods in tests. */
export type ProgressStore = Pick<Storage, 'getItem' | 'setItem'>;

export { progressKey };

/** The most the local runtime accepts per file (its endpoint's limit): a longer one never runs. */
export const MAX_SAVED_FILE_CHARS = 256 * 1024;

// Each part of a stored value on its own, so that one damaged part costs only itself.
const isEntries = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const TOO_LONG = `longer than the ${MAX_SAVED_FILE_CHARS / 1024} KiB a run takes`;

// A damaged value may hold any names, as many and as long as it likes: a note shows a few,
// each cut to a line's worth.
const shown = (path: string) => JSON.stringify(path.length > 60 ? `${path.slice(0, 59)}…` : path);
function listed(paths: string[]): string {
  const named = paths.slice(0, 3).map(shown).join(', ');
  return paths.length > 3 ? `${named} and ${paths.length - 3} more` : named;
}

// The store defaults inside the try: merely touching `localStorage` throws where a browser
// blocks storage for the page.
function readRaw(id: string, store?: ProgressStore): string | null {
  try {
    return (store ?? localStorage).getItem(progressKey(id));
  } catch {
    return null;
  }
}

/** Reads and validates one exercise's stored progress (see readProgress). */
export function loadProgress(
  id: string,
  store?: ProgressStore,
  editable?: readonly string[],
): ReadBack {
  return readProgress(readRaw(id, store), editable);
}

/**
 * Validates a stored value (or a `storage` event's newValue). With `editable`, files of other
 * names are left out too: the workbench can neither show nor save them.
 */
export function readProgress(raw: string | null, editable?: readonly string[]): ReadBack {
  if (raw === null || raw === '') return { progress: undefined, discarded: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { progress: undefined, discarded: ['everything saved (it is not JSON)'] };
  }
  if (!isEntries(value)) {
    return { progress: undefined, discarded: ['everything saved (it is not a saved exercise)'] };
  }
  const discarded: string[] = [];
  const files = value.files ?? {};
  if (!isEntries(files)) discarded.push('the saved files (they are not a set of named files)');
  const kept: [string, string][] = [];
  const strangers: string[] = [];
  for (const [path, text] of Object.entries(isEntries(files) ? files : {})) {
    if (editable && !editable.includes(path)) strangers.push(path);
    else if (typeof text !== 'string') discarded.push(`${shown(path)} (it is not text)`);
    else if (text.length > MAX_SAVED_FILE_CHARS) discarded.push(`${shown(path)} (${TOO_LONG})`);
    else kept.push([path, text]);
  }
  if (strangers.length > 0) discarded.push(`${listed(strangers)} (not files of this exercise)`);
  const done = value.done;
  if (done !== undefined && typeof done !== 'boolean') {
    discarded.push('the done mark (it is neither true nor false)');
  }
  return {
    // Own properties only: no name in stored data may reach a prototype.
    progress: { files: Object.fromEntries(kept), done: done === true },
    discarded,
  };
}

/** The usable part of a stored value; undefined when absent or unreadable. */
export function parseProgress(
  raw: string | null,
  editable?: readonly string[],
): Progress | undefined {
  return readProgress(raw, editable).progress;
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

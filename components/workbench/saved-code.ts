// The learner's code for one exercise and its saving: the editable files as they stand, the
// done mark, how the last save went, and the code another tab saved for the same exercise.
// No DOM: the store is localStorage in the page and an in-memory object in tests.
import type { WorkbenchData } from './data.ts';
import {
  loadProgress,
  parseProgress,
  saveProgress,
  type ProgressStore,
  type SaveResult,
} from './progress.ts';

export type Files = Record<string, string>;

export interface SavedCode {
  files(): Files;
  readonly done: boolean;
  /** How the last save went ('saved' until one fails). */
  readonly saved: SaveResult;
  /** Another tab saved code that differs from this tab's. */
  readonly otherTabDiffers: boolean;
  /** What was left out of the stored progress when it was read (see progress.ts). */
  readonly discarded: readonly string[];
  /** The learner typed: saved after a pause, so not at every keystroke. */
  edit(files: Files): void;
  /** Saves now if this tab changed anything since its last save. */
  saveIfChanged(): void;
  /** Replaces some editable files (others are ignored) and saves at once. */
  replace(files: Files): void;
  /** A pass: saves the done mark, and the files only if this tab changed them. */
  markDone(): void;
  /** Takes another tab's write of the same progress (a `storage` event's newValue). */
  otherTabSaved(raw: string | null): void;
  /** Replaces this tab's code with the other tab's and saves; false when they did not differ. */
  takeTheirs(): boolean;
  /** Saves this tab's code over the other's and stops warning. */
  keepMine(): void;
}

export function createSavedCode(options: {
  data: WorkbenchData;
  store: ProgressStore;
  saveDelayMs: number;
  /** Called after any change to done, saved or otherTabDiffers. */
  onChange: () => void;
}): SavedCode {
  const { data, store } = options;
  const paths = data.editable.map((f) => f.path);
  const editable = new Set(paths);
  const { progress: stored, discarded } = loadProgress(data.id, store, paths);
  let files: Files = Object.fromEntries(
    data.editable.map((f) => [f.path, stored?.files[f.path] ?? f.starter]),
  );
  let done = stored?.done ?? false;
  let saved: SaveResult = 'saved';
  let theirs: Files | undefined;

  // Only a tab that changed something writes: a second tab left open on stale code must not
  // overwrite, when it closes or runs, what the learner typed in the other one.
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    // Another tab may have finished the exercise meanwhile; never unmark it.
    done ||= loadProgress(data.id, store).progress?.done ?? false;
    saved = saveProgress(data.id, { files, done }, store);
    dirty = false;
    options.onChange();
  };

  return {
    files: () => ({ ...files }),
    get done() {
      return done;
    },
    get saved() {
      return saved;
    },
    get otherTabDiffers() {
      return theirs !== undefined;
    },
    discarded,
    edit(next) {
      files = { ...next };
      dirty = true;
      clearTimeout(timer);
      timer = setTimeout(save, options.saveDelayMs);
    },
    saveIfChanged() {
      if (dirty) save();
    },
    replace(next) {
      files = { ...files };
      for (const [path, text] of Object.entries(next)) if (editable.has(path)) files[path] = text;
      save();
    },
    markDone() {
      done = true;
      if (dirty) {
        save();
        return;
      }
      // A pass is not an edit: a tab that changed nothing may hold code that another tab has
      // replaced since, even the very code that passed, so only the done mark is written.
      const stored = loadProgress(data.id, store, paths).progress;
      saved = saveProgress(data.id, { files: stored?.files ?? {}, done }, store);
      options.onChange();
    },
    otherTabSaved(raw) {
      const other = parseProgress(raw, paths);
      if (!other) return;
      // Each tab saves over the other (last write wins), so say so the moment the other
      // tab saves different code, and offer to take its version.
      const differs = Object.keys(files).some((p) => (other.files[p] ?? files[p]) !== files[p]);
      theirs = differs ? other.files : undefined;
      done ||= other.done;
      options.onChange();
    },
    takeTheirs() {
      if (!theirs) return false;
      const next = theirs;
      theirs = undefined;
      this.replace(next);
      return true;
    },
    keepMine() {
      theirs = undefined;
      save();
    },
  };
}

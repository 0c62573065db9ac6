// The workbench's state, free of the DOM: the learner's files and their saving, the done
// mark, the runtime and its boot, one run at a time, and what to do when another tab saves
// the same exercise. Panels render `state` and the events it emits, and forward the
// learner's clicks to its methods; a test drives it with an in-memory store and a real runtime.
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import {
  BootError,
  type BootFailureReason,
  type BootStage,
  type RunMode,
  type Runtime,
  type RuntimeProcess,
} from '../../sandbox/runtime/types.ts';
import type { WorkbenchData } from './data.ts';
import {
  loadProgress,
  parseProgress,
  saveProgress,
  type ProgressStore,
  type SaveResult,
} from './progress.ts';

export type Files = Record<string, string>;

export interface WorkbenchState {
  /** idle until the first boot; failed until the learner tries again. */
  phase: 'idle' | 'booting' | 'ready' | 'failed';
  /** The boot stage last reported, while booting and once ready. */
  stage?: BootStage;
  runtime?: Runtime['kind'];
  failure?: { reason: BootFailureReason | 'unknown'; message: string };
  /** The run in progress; there is at most one. */
  running?: RunMode;
  /** How the last save went ('saved' until one fails). */
  saved: SaveResult;
  /** Another tab saved code that differs from this tab's. */
  otherTabDiffers: boolean;
  done: boolean;
  hasSolution: boolean;
}

export type WorkbenchEvent =
  | { type: 'state'; state: WorkbenchState }
  /** Files replaced from outside the editor: Reset, Show solution, the other tab's code. */
  | { type: 'files'; files: Files }
  | { type: 'booted' }
  | { type: 'boot-failed' }
  | { type: 'run-start'; mode: RunMode }
  | { type: 'harness'; mode: RunMode; event: HarnessEvent }
  | { type: 'run-error'; message: string }
  | { type: 'run-end'; mode: RunMode };

export interface ControllerOptions {
  data: WorkbenchData;
  store: ProgressStore;
  /** Picks and creates the runtime, once: called on the first boot only. */
  chooseRuntime: () => Promise<Runtime>;
  /** Edits are saved this long after the last keystroke. */
  saveDelayMs?: number;
}

export interface WorkbenchController {
  readonly state: WorkbenchState;
  /** The files as the learner last left them (saved code, or the starter). */
  files(): Files;
  subscribe(listener: (event: WorkbenchEvent) => void): () => void;
  /** The learner typed: `files` is every editable file's text now. */
  edit(files: Files): void;
  /** The page is going away: save now, if this tab changed anything. */
  leave(): void;
  reset(): void;
  showSolution(): void;
  /** Another tab wrote the exercise's stored progress (a `storage` event's newValue). */
  otherTabSaved(raw: string | null): void;
  takeOtherTabsCode(): void;
  keepMine(): void;
  boot(): Promise<void>;
  /** Starts a run or check unless one is under way or the runtime is not ready. */
  run(mode: RunMode): Promise<void>;
  stop(): void;
}

export function createController(options: ControllerOptions): WorkbenchController {
  const { data, store } = options;
  const saveDelayMs = options.saveDelayMs ?? 250;
  const editable = new Set(data.editable.map((f) => f.path));
  const saved = loadProgress(data.id, store);
  let files: Files = Object.fromEntries(
    data.editable.map((f) => [f.path, saved?.files[f.path] ?? f.starter]),
  );
  const state: WorkbenchState = {
    phase: 'idle',
    saved: 'saved',
    otherTabDiffers: false,
    done: saved?.done ?? false,
    hasSolution: data.editable.some((f) => f.solution !== undefined),
  };
  const listeners = new Set<(event: WorkbenchEvent) => void>();
  const emit = (event: WorkbenchEvent) => {
    for (const l of listeners) l(event);
  };
  const changed = (patch: Partial<WorkbenchState>) => {
    Object.assign(state, patch);
    emit({ type: 'state', state });
  };

  // Only a tab that changed something writes: a second tab left open on stale code must not
  // overwrite, when it closes or runs, what the learner typed in the other one.
  let dirty = false;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const persist = () => {
    clearTimeout(saveTimer);
    // Another tab may have finished the exercise meanwhile; never unmark it.
    const done = state.done || (loadProgress(data.id, store)?.done ?? false);
    const result = saveProgress(data.id, { files, done }, store);
    dirty = false;
    changed({ done, saved: result });
  };
  const replace = (next: Files) => {
    files = { ...files };
    for (const [path, text] of Object.entries(next)) if (editable.has(path)) files[path] = text;
    emit({ type: 'files', files: { ...files } });
    persist();
  };

  // The other tab's files while they differ from ours, for "use the other tab's code".
  let theirs: Files | undefined;

  let runtime: Runtime | undefined;
  let proc: RuntimeProcess | undefined;

  return {
    state,
    files: () => ({ ...files }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    edit(next) {
      files = { ...next };
      dirty = true;
      clearTimeout(saveTimer);
      saveTimer = setTimeout(persist, saveDelayMs);
    },
    leave() {
      if (dirty) persist();
    },
    reset() {
      replace(Object.fromEntries(data.editable.map((f) => [f.path, f.starter])));
    },
    showSolution() {
      const solved = data.editable.filter((f) => f.solution !== undefined);
      replace(Object.fromEntries(solved.map((f) => [f.path, f.solution!])));
    },
    otherTabSaved(raw) {
      const other = parseProgress(raw);
      if (!other) return;
      // Each tab saves over the other (last write wins), so say so the moment the other
      // tab saves different code, and offer to take its version.
      const differs = Object.keys(files).some((p) => (other.files[p] ?? files[p]) !== files[p]);
      theirs = differs ? other.files : undefined;
      changed({ done: state.done || other.done, otherTabDiffers: differs });
    },
    takeOtherTabsCode() {
      if (!theirs) return;
      replace(theirs);
      changed({ otherTabDiffers: false });
    },
    keepMine() {
      persist();
      changed({ otherTabDiffers: false });
    },
    async boot() {
      if (state.phase === 'booting' || state.phase === 'ready') return;
      changed({ phase: 'booting', stage: undefined, failure: undefined });
      try {
        runtime ??= await options.chooseRuntime();
        changed({ runtime: runtime.kind });
        await runtime.boot((stage) => changed({ stage }));
        changed({ phase: 'ready', stage: 'ready' });
        emit({ type: 'booted' });
      } catch (err) {
        await runtime?.teardown();
        changed({
          phase: 'failed',
          stage: undefined,
          failure: {
            reason: err instanceof BootError ? err.reason : 'unknown',
            message: err instanceof Error ? err.message : String(err),
          },
        });
        emit({ type: 'boot-failed' });
      }
    },
    async run(mode) {
      if (!runtime || state.phase !== 'ready' || state.running) return;
      if (dirty) persist();
      changed({ running: mode });
      emit({ type: 'run-start', mode });
      try {
        await runtime.mount(data.id, { ...files });
        proc = await runtime.spawn(data.id, mode);
        for await (const event of proc.events) {
          emit({ type: 'harness', mode, event });
          if (mode === 'check' && event.type === 'done' && event.passed) {
            changed({ done: true });
            persist();
          }
        }
      } catch (err) {
        emit({ type: 'run-error', message: String(err) });
      } finally {
        proc = undefined;
        changed({ running: undefined });
        emit({ type: 'run-end', mode });
      }
    },
    stop() {
      proc?.kill();
    },
  };
}

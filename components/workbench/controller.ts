// The workbench's state, free of the DOM: the learner's code and its saving (saved-code.ts),
// the done mark, the runtime and its boot, one run at a time, the warning when another tab
// saves the same exercise, and the note when saved progress was too damaged to use whole.
// Panels render `state` and the events it emits, and forward the learner's clicks to its
// methods; a test drives it with an in-memory store and a real runtime.
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import {
  BootError,
  type BootFailureReason,
  type BootStage,
  type RunMode,
  type Runtime,
  type RuntimeAbout,
  type RuntimeProcess,
} from '../../sandbox/runtime/shared/types.ts';
import { startBootClock, type BootTiming } from './boot-timing.ts';
import type { WorkbenchData } from './data.ts';
import type { ProgressStore, SaveResult } from './progress.ts';
import { createSavedCode, type Files } from './saved-code.ts';
import { readKept, writeKept } from './kept-code.ts';

export type { Files };

export interface WorkbenchState {
  /** idle until the first boot; failed until the learner tries again. */
  phase: 'idle' | 'booting' | 'ready' | 'failed';
  /** The boot stage last reported, while booting and once ready. */
  stage?: BootStage;
  runtime?: Runtime['kind'];
  /** What runs the code (Node version, how it runs .ts), once booted and if it can tell. */
  about?: RuntimeAbout;
  /** How long the last successful boot took, stage by stage. */
  bootTiming?: BootTiming;
  failure?: { reason: BootFailureReason | 'unknown'; message: string };
  /** The run in progress; there is at most one. */
  running?: RunMode;
  /** How the last save went ('saved' until one fails). */
  saved: SaveResult;
  /** Another tab saved code that differs from this tab's. */
  otherTabDiffers: boolean;
  /** Parts of the stored progress too damaged to use, left out when it was read; until Reset. */
  discarded: readonly string[];
  done: boolean;
  hasSolution: boolean;
  /** The learner's code from before they applied the solution is kept and can come back. */
  kept: boolean;
}

export type WorkbenchEvent =
  | { type: 'state'; state: WorkbenchState }
  /** Files replaced from outside the editor: Reset, the solution, the other tab's code. */
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
  /** Each editable file's solution (the file itself where the solution leaves it as is). */
  solutionFiles(): Files;
  /** Replaces the code with the solution, keeping the learner's code for restoreKept(). */
  applySolution(): void;
  /** Brings back the code kept when the solution was applied. */
  restoreKept(): void;
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
  const listeners = new Set<(event: WorkbenchEvent) => void>();
  const emit = (event: WorkbenchEvent) => {
    for (const l of listeners) l(event);
  };
  const changed = (patch: Partial<WorkbenchState>) => {
    Object.assign(state, patch);
    emit({ type: 'state', state });
  };
  const code = createSavedCode({
    data,
    store,
    saveDelayMs: options.saveDelayMs ?? 250,
    onChange: () =>
      changed({ done: code.done, saved: code.saved, otherTabDiffers: code.otherTabDiffers }),
  });
  const state: WorkbenchState = {
    phase: 'idle',
    saved: code.saved,
    otherTabDiffers: code.otherTabDiffers,
    discarded: code.discarded,
    done: code.done,
    hasSolution: data.editable.some((f) => f.solution !== undefined),
    kept: readKept(data.id, store) !== undefined,
  };
  // Files replaced from outside the editor: saved, then shown in it.
  const replace = (next: Files) => {
    code.replace(next);
    emit({ type: 'files', files: code.files() });
  };

  let runtime: Runtime | undefined;
  let proc: RuntimeProcess | undefined;

  return {
    state,
    files: () => code.files(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    edit: (files) => code.edit(files),
    leave: () => code.saveIfChanged(),
    reset() {
      replace(Object.fromEntries(data.editable.map((f) => [f.path, f.starter])));
      // Reset is what the damage note offers: the store now holds whole progress again.
      if (state.discarded.length > 0 && code.saved === 'saved') changed({ discarded: [] });
    },
    solutionFiles() {
      const mine = code.files();
      return Object.fromEntries(
        data.editable.map((f) => [f.path, f.solution ?? mine[f.path] ?? f.starter]),
      );
    },
    applySolution() {
      // Kept first: if the browser refuses, the learner's code is not replaced.
      if (!writeKept(data.id, store, code.files())) {
        changed({ saved: 'unavailable' });
        return;
      }
      const solved = data.editable.filter((f) => f.solution !== undefined);
      replace(Object.fromEntries(solved.map((f) => [f.path, f.solution!])));
      changed({ kept: true });
    },
    restoreKept() {
      const kept = readKept(data.id, store);
      if (!kept) return changed({ kept: false });
      replace(kept);
      if (code.saved === 'saved') {
        writeKept(data.id, store, undefined);
        changed({ kept: false });
      }
    },
    otherTabSaved: (raw) => code.otherTabSaved(raw),
    takeOtherTabsCode() {
      if (code.takeTheirs()) emit({ type: 'files', files: code.files() });
    },
    keepMine: () => code.keepMine(),
    async boot() {
      if (state.phase === 'booting' || state.phase === 'ready') return;
      changed({ phase: 'booting', stage: undefined, failure: undefined, bootTiming: undefined });
      try {
        runtime ??= await options.chooseRuntime();
        changed({ runtime: runtime.kind });
        const clock = startBootClock();
        await runtime.boot((stage) => changed({ stage, bootTiming: clock.stage(stage) }));
        changed({ phase: 'ready', stage: 'ready', about: runtime.about });
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
      code.saveIfChanged();
      changed({ running: mode });
      emit({ type: 'run-start', mode });
      try {
        await runtime.mount(data.id, code.files());
        proc = await runtime.spawn(data.id, mode);
        for await (const event of proc.events) {
          emit({ type: 'harness', mode, event });
          if (mode === 'check' && event.type === 'done' && event.passed) code.markDone();
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

// A Runtime decorator that ends runs the runtime itself cannot end. In a WebContainer a
// busy-looping process ignores every kill (webcontainer-core#1121): the harness's own time
// limit fires, its kill does nothing, and `done` never comes. The watchdog gives each run
// its exercise's limit plus a grace; past that it tears the container down, boots a fresh
// one, mounts the learner's last files again and ends the run with a timeout verdict. The
// events seen so far were already streamed, so the frames stay on the learner's screen.
import type { HarnessEvent } from '../../contract/events.ts';
import { createEventChannel } from './channel.ts';
import type {
  BootStage,
  RunMode,
  Runtime,
  RuntimeAbout,
  RuntimeProcess,
  WorkspaceFiles,
} from '../shared/types.ts';
import type { RuntimeManifest } from '../shared/manifest.ts';
import { CONSOLE_LIMITS } from '../../harness/console-limits.ts';

/**
 * Time the harness gets beyond the exercise's limit to report its own timeout (it kills the
 * program, waits for its pipes, judges) before the watchdog decides it never will.
 */
export const WATCHDOG_GRACE_MS = 5_000;

export interface WatchdogOptions {
  /** The exercise's run time limit in ms (exercise.json's run.timeoutMs). */
  limitMs: (exercise: string) => Promise<number>;
  /** Default WATCHDOG_GRACE_MS; tests shorten it. */
  graceMs?: number;
}

/** One guarded run: `settled` resolves once its events ended, by `done` or by the watchdog. */
interface Guarded {
  settled: Promise<void>;
  /** Kill, and if the run does not end within the grace, restart the runtime. */
  stop(): void;
  /** Kill and end the run now, never restarting anything (the runtime is torn down). */
  cancel(): void;
}

export class Watchdog implements Runtime {
  readonly #inner: Runtime;
  readonly #options: WatchdogOptions;
  /** The last files mounted per exercise, to mount again in a fresh runtime. */
  readonly #mounts = new Map<string, WorkspaceFiles>();
  #current: Guarded | undefined;
  /** A restart in progress (or failed: the next mount or spawn tries again). */
  #restart: Promise<void> | undefined;
  #restarts = 0;

  constructor(inner: Runtime, options: WatchdogOptions) {
    this.#inner = inner;
    this.#options = options;
  }

  get kind(): Runtime['kind'] {
    return this.#inner.kind;
  }

  get about(): RuntimeAbout | undefined {
    return this.#inner.about;
  }

  /** How many times the watchdog restarted the runtime (for the page and the tests). */
  get restarts(): number {
    return this.#restarts;
  }

  boot(onStage?: (stage: BootStage) => void): Promise<void> {
    return this.#inner.boot(onStage);
  }

  async mount(exercise: string, files: WorkspaceFiles): Promise<void> {
    await this.#restarted();
    await this.#inner.mount(exercise, files);
    this.#mounts.set(exercise, { ...files });
  }

  async spawn(exercise: string, mode: RunMode): Promise<RuntimeProcess> {
    // One run at a time, as the contract says: the previous one ends (or is restarted away)
    // before the next starts, so its watchdog never tears down the new run.
    return this.#guarded(
      () => this.#inner.spawn(exercise, mode),
      () => this.#options.limitMs(exercise),
    );
  }

  async console(program: string): Promise<RuntimeProcess> {
    return this.#guarded(
      () => this.#inner.console(program),
      async () => CONSOLE_LIMITS.timeoutMs,
    );
  }

  /** Starts a run once the previous one has ended, guarded by its limit. */
  async #guarded(
    start: () => Promise<RuntimeProcess>,
    limitMs: () => Promise<number>,
  ): Promise<RuntimeProcess> {
    const previous = this.#current;
    previous?.stop();
    await previous?.settled;
    await this.#restarted();
    const limit = await limitMs();
    const guarded = this.#guard(await start(), limit);
    this.#current = guarded.run;
    return guarded.process;
  }

  async teardown(): Promise<void> {
    this.#current?.cancel();
    this.#current = undefined;
    this.#mounts.clear();
    // A restart under way would boot a container after this teardown: let it finish first.
    await this.#restart?.catch(() => undefined);
    this.#restart = undefined;
    await this.#inner.teardown();
  }

  get #grace(): number {
    return this.#options.graceMs ?? WATCHDOG_GRACE_MS;
  }

  /** Passes the run's events on until they end, or until limit + grace pass without that. */
  #guard(inner: RuntimeProcess, limitMs: number): { run: Guarded; process: RuntimeProcess } {
    const channel = createEventChannel();
    let fired = false;
    let ended = false;
    let abandoned = false;
    const fire = async (stopped: boolean) => {
      if (fired || ended) return;
      fired = true;
      clearTimeout(timer);
      const what = stopped
        ? 'Your program did not stop when asked'
        : `Your program was still running after ${Math.round(limitMs / 1000)} s and could not be stopped`;
      let summary = `${what}, so the sandbox was restarted. Your files are kept.`;
      try {
        await this.#restartNow();
      } catch (err) {
        summary = `${what}, and the sandbox could not restart (${String(err)}). Your files are kept; press Run to try again.`;
      }
      const done: HarnessEvent = { type: 'done', verdict: 'timeout', passed: false, summary };
      channel.push(done);
      channel.close(summary);
    };
    let timer = setTimeout(() => void fire(false), limitMs + this.#grace);
    void (async () => {
      for await (const event of inner.events) {
        if (fired) return;
        channel.push(event);
      }
      if (fired) return;
      ended = true;
      clearTimeout(timer);
      channel.close('the run ended without a result');
    })();
    const stop = () => {
      inner.kill();
      // A kill the runtime cannot carry out is noticed after the grace, not the whole limit.
      if (fired || ended) return;
      clearTimeout(timer);
      timer = setTimeout(() => void fire(true), this.#grace);
    };
    const cancel = () => {
      inner.kill();
      if (fired || ended) return;
      ended = abandoned = true;
      clearTimeout(timer);
      channel.close('stopped: the sandbox was shut down');
    };
    return {
      run: { settled: channel.finished.then(() => undefined), stop, cancel },
      process: {
        events: channel.iterable,
        // After a restart or a teardown the old process's exit may never come: the run ended
        // all the same.
        exit: channel.finished.then(() => (fired || abandoned ? 1 : inner.exit)),
        kill: stop,
      },
    };
  }

  /** Waits for a restart under way; retries one that failed. */
  async #restarted(): Promise<void> {
    if (!this.#restart) return;
    await this.#restart.catch(() => this.#restartNow());
  }

  #restartNow(): Promise<void> {
    this.#restarts++;
    this.#restart = (async () => {
      await this.#inner.teardown();
      await this.#inner.boot();
      for (const [exercise, files] of this.#mounts) await this.#inner.mount(exercise, files);
    })();
    return this.#restart;
  }
}

/** The limits as the page knows them: the runtime manifest carries each exercise's. */
export function manifestLimits(
  load: () => Promise<RuntimeManifest>,
): (exercise: string) => Promise<number> {
  return async (exercise) => {
    const facts = (await load()).exercises[exercise];
    if (!facts) throw new Error(`unknown exercise "${exercise}"`);
    return facts.timeoutMs;
  };
}

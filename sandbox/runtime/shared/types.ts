// The one interface the workbench talks to, whichever machine runs the learner's code. It is
// modelled on the SDK's Transport: few methods, each with a written contract, so that the
// WebContainer adapter, the local Node runtime and the fake used in tests can be swapped
// without the page noticing. Everything that happens during a run arrives as HarnessEvents.
import type { HarnessEvent } from '../../contract/events.ts';

/** Named boot stages, shown to the learner while the sandbox starts (labels: components/). */
export type BootStage = 'booting' | 'mounting' | 'checking-node' | 'ready';

/** Learner files by path relative to the exercise workspace, e.g. { 'client.ts': '...' }. */
export type WorkspaceFiles = Record<string, string>;

export type RunMode = 'run' | 'check';

/** Why a runtime could not start; the page turns each into advice for the learner. */
export type BootFailureReason =
  | 'not-isolated' // the page lacks COOP/COEP, so SharedArrayBuffer is unavailable
  | 'unsupported' // a browser the WebContainer does not run in (Safari, iOS, Firefox), known before booting
  | 'offline' // the browser knows it has no network, so stackblitz.com cannot be reached
  | 'unreachable' // the sandbox's frame cannot load: its host does not answer (DNS, blocked)
  | 'timeout' // the sandbox did not answer in time (offline, blocked, unsupported browser)
  | 'blocked' // boot threw (third-party frames or storage refused, unsupported browser)
  | 'unauthorised' // the local endpoint refused the token
  | 'unavailable'; // no local endpoint answered

export class BootError extends Error {
  readonly reason: BootFailureReason;
  constructor(reason: BootFailureReason, message: string) {
    super(message);
    this.name = 'BootError';
    this.reason = reason;
  }
}

/** One started harness process. */
export interface RuntimeProcess {
  /**
   * Every structured event the harness emitted, in order. The iterable ends after the
   * `done` event or, if the process dies without one, after a synthetic `done` with verdict
   * 'error' so that a consumer never waits forever. It can be iterated once.
   */
  readonly events: AsyncIterable<HarnessEvent>;
  /**
   * Resolves with the harness's exit code once it has ended and its output is consumed
   * (a failed check is still exit code 0 or 1 as the harness decides; the verdict is in
   * `done`). Never rejects.
   */
  readonly exit: Promise<number>;
  /** Stops the run early. Safe to call more than once or after it ended. */
  kill(): void;
}

/** What runs the learner's code, known after boot: the Node version and how it runs .ts. */
export interface RuntimeAbout {
  node: string;
  /** 'native': the runtime's Node runs .ts itself; 'stripped': the page strips the types first. */
  typescript: 'native' | 'stripped';
}

export interface Runtime {
  readonly kind: 'webcontainer' | 'local';
  /** Undefined before boot, and for a runtime that cannot tell. */
  readonly about?: RuntimeAbout;
  /**
   * Makes the runtime ready to run exercises, reporting stages as it goes. Resolves once a
   * run can start; rejects with a BootError within the runtime's timeout otherwise — never
   * hangs. Calling it again after success resolves at once.
   */
  boot(onStage?: (stage: BootStage) => void): Promise<void>;
  /**
   * Replaces the learner's files of one exercise with `files` (other exercises' files are
   * untouched). Only paths the exercise declares editable are accepted; anything else is
   * refused with an Error naming the path, either here or, for a runtime that ships the
   * files with each run, by the next spawn. Requires a successful boot.
   */
  mount(exercise: string, files: WorkspaceFiles): Promise<void>;
  /**
   * Starts the harness on the last files mounted for `exercise`. One run at a time: a
   * second spawn kills the first. Requires a successful boot.
   */
  spawn(exercise: string, mode: RunMode): Promise<RuntimeProcess>;
  /**
   * Starts the harness's console session (sandbox/harness/console-run.ts): `program`, plain
   * JavaScript, runs as the client of a fresh Paper Trail behind the tap, under the console's
   * own limits, with no exercise involved. It shares the one run at a time with spawn.
   * Requires a successful boot.
   */
  console(program: string): Promise<RuntimeProcess>;
  /**
   * Kills any running process and releases the runtime (the WebContainer instance, local
   * workspaces). After teardown, boot may be called again.
   */
  teardown(): Promise<void>;
}

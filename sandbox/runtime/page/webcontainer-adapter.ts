// The WebContainer runtime, kept thin: it boots one container (with its own timeout, since
// WebContainer.boot() waits forever when the sandbox iframe cannot load), mounts the
// pre-bundled runtime and the learner's files, asks the container's Node whether it strips
// types (if not, the learner's .ts files are stripped here, learner-files.ts), and turns the
// harness's sentinel lines back into events. It never imports @webcontainer/api itself: the
// page passes a boot function, the tests pass a fake.
import { assertEditable } from '../../exercises/editable.ts';
import type { EventChannel } from './channel.ts';
import { readText, RunSlot } from './run-slot.ts';
import { createSentinelParser, stripAnsi, type SentinelItem } from '../shared/sentinel.ts';
import {
  BootError,
  type BootStage,
  type RunMode,
  type Runtime,
  type RuntimeProcess,
  type WorkspaceFiles,
} from '../shared/types.ts';
import type { StripProblem } from '../../strip/problem.ts';
import { forContainer, reportUnparsed, type Scanner, type Stripper } from './learner-files.ts';
import type { ExtraFiles, RuntimeManifest } from '../shared/manifest.ts';
import { CONTAINER_PATHS } from '../shared/container-paths.ts';
import { PROBE_FILES, readProbe, type About } from './probe.ts';
import { CONSOLE_FLAG, CONSOLE_PROGRAM } from '../../harness/console-limits.ts';

/** The console's folder: beside the exercises' workspaces, under a name no exercise id has. */
const CONSOLE_WORKSPACE = `${CONTAINER_PATHS.workspaces}/.console`;

/** The slice of @webcontainer/api's WebContainerProcess this adapter uses. */
export interface ContainerProcess {
  output: ReadableStream<string>;
  exit: Promise<number>;
  kill(): void;
}

export interface FileNode {
  file: { contents: string };
}
export interface DirectoryNode {
  directory: FileTree;
}
export type FileTree = { [name: string]: FileNode | DirectoryNode };

/** The slice of @webcontainer/api's WebContainer this adapter uses. */
export interface Container {
  mount(tree: FileTree): Promise<void>;
  spawn(
    command: string,
    args: string[],
    options?: { cwd?: string; env?: Record<string, string> },
  ): Promise<ContainerProcess>;
  teardown(): void;
}

export interface WebContainerRuntimeOptions {
  /** Boots the container, e.g. () => WebContainer.boot({ coep: 'require-corp' }). */
  boot: () => Promise<Container>;
  /** The pre-bundled runtime (runtime/manifest.json): files to mount and each exercise's facts. */
  loadManifest: () => Promise<RuntimeManifest>;
  /**
   * A file of extra files the manifest names for an exercise (its extraFiles, beside
   * manifest.json), fetched and mounted before that exercise's first run.
   */
  loadExtraFiles?: (name: string) => Promise<ExtraFiles>;
  /**
   * The TypeScript stripper (sandbox/strip/strip-types.ts), for a container whose Node cannot
   * strip types; loaded only then, e.g. () => import('…/strip-types.ts').
   */
  loadStripper: () => Promise<{ stripTypes: Stripper }>;
  /**
   * The scan for TypeScript Node cannot strip (sandbox/strip/erasable.ts), run on the
   * learner's files before every mount whichever way the container runs them: the harness
   * inside the container leaves it to the page (bundle.ts), so a file is refused here with
   * the same words the CLI and the local runtime use. e.g. () => import('…/erasable.ts').
   */
  loadScanner: () => Promise<{ unerasable: Scanner }>;
  /** Default 20 s: long enough for a slow connection, short enough not to look hung. */
  bootTimeoutMs?: number;
  /** Default: the page's crossOriginIsolated. */
  isolated?: () => boolean;
}

export class WebContainerRuntime implements Runtime {
  readonly kind = 'webcontainer' as const;
  readonly #options: WebContainerRuntimeOptions;
  #container: Container | undefined;
  #editable = new Map<string, string[]>();
  /** By exercise: the extra files it needs, until they are mounted. */
  #extras = new Map<string, string>();
  readonly #mountedExtras = new Map<string, Promise<void>>();
  #about: About | undefined;
  #stripper: Promise<Stripper> | undefined;
  #scanner: Promise<Scanner> | undefined;
  /** By exercise: the files last mounted did not parse, so its next run reports them. */
  readonly #unparsed = new Map<string, StripProblem[]>();
  readonly #slot = new RunSlot();
  #booting: Promise<void> | undefined;

  constructor(options: WebContainerRuntimeOptions) {
    this.#options = options;
  }

  /** The container's Node (process.version) and how it runs TypeScript; known after boot. */
  get about(): About | undefined {
    return this.#about;
  }

  boot(onStage?: (stage: BootStage) => void): Promise<void> {
    this.#booting ??= this.#boot(onStage).catch((err: unknown) => {
      this.#booting = undefined;
      throw err;
    });
    return this.#booting;
  }

  async #boot(onStage?: (stage: BootStage) => void): Promise<void> {
    const isolated = this.#options.isolated ?? (() => globalThis.crossOriginIsolated === true);
    if (!isolated()) {
      throw new BootError(
        'not-isolated',
        'This page is not cross-origin isolated (COOP/COEP headers missing), so the in-browser sandbox cannot start.',
      );
    }
    onStage?.('booting');
    // The exercise files come from this site, the sandbox from StackBlitz: fetch both at once.
    const manifest = this.#options.loadManifest();
    manifest.catch(() => undefined);
    const timeoutMs = this.#options.bootTimeoutMs ?? 20_000;
    const booting = this.#options.boot();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new BootError(
              'timeout',
              `The in-browser sandbox did not start within ${Math.round(timeoutMs / 1000)} s.`,
            ),
          ),
        timeoutMs,
      );
    });
    let gaveUp = false;
    // A boot that answers after we gave up must not leak a container.
    booting.then(
      (c) => gaveUp && c.teardown(),
      () => undefined,
    );
    try {
      this.#container = await Promise.race([booting, timeout]);
    } catch (err) {
      gaveUp = true;
      if (err instanceof BootError) throw err;
      throw new BootError('blocked', `The in-browser sandbox could not start: ${String(err)}`);
    } finally {
      clearTimeout(timer);
    }

    onStage?.('mounting');
    const files = await manifest;
    await this.#container.mount(toTree({ ...files.files, ...PROBE_FILES }));
    for (const [id, exercise] of Object.entries(files.exercises)) {
      this.#editable.set(id, exercise.editable);
      if (exercise.extraFiles) this.#extras.set(id, exercise.extraFiles);
    }

    onStage?.('checking-node');
    this.#about = await this.#probe();
    // Fetched now, while the learner reads, rather than on the first Run.
    if (this.#about.typescript === 'stripped') this.#loadStripper().catch(() => undefined);
    this.#loadScanner().catch(() => undefined);
    onStage?.('ready');
  }

  /**
   * Node 22.18+ strips types by default. A Node that does not (older, or one that only would
   * with a flag or a loader hook, which WebContainer's does not honour for .ts) runs the
   * stripped twins instead, so boot never fails for want of it.
   */
  async #probe(): Promise<About> {
    const proc = await this.#required().spawn('node', [CONTAINER_PATHS.probe]);
    const [text, code] = await Promise.all([readAll(proc.output), proc.exit]);
    const about = readProbe(text);
    if (about) return about;
    throw new BootError(
      'blocked',
      `The sandbox's Node did not answer its start-up check (exit code ${code}): ${stripAnsi(text).trim().slice(-300)}`,
    );
  }

  #loadStripper(): Promise<Stripper> {
    this.#stripper ??= this.#options.loadStripper().then(
      (m) => m.stripTypes,
      (err: unknown) => {
        this.#stripper = undefined;
        throw err;
      },
    );
    return this.#stripper;
  }

  #loadScanner(): Promise<Scanner> {
    this.#scanner ??= this.#options.loadScanner().then(
      (m) => m.unerasable,
      (err: unknown) => {
        this.#scanner = undefined;
        throw err;
      },
    );
    return this.#scanner;
  }

  async mount(exercise: string, files: WorkspaceFiles): Promise<void> {
    const container = this.#required();
    const editable = this.#editable.get(exercise);
    if (!editable) throw new Error(`unknown exercise "${exercise}"`);
    assertEditable(exercise, editable, Object.keys(files));
    await this.#mountExtras(exercise, container);
    const strip = this.#about?.typescript === 'stripped' ? await this.#loadStripper() : undefined;
    const prepared = forContainer(files, await this.#loadScanner(), strip);
    if ('problems' in prepared) {
      this.#unparsed.set(exercise, prepared.problems);
      return;
    }
    this.#unparsed.delete(exercise);
    const dir = `${CONTAINER_PATHS.workspaces}/${exercise}`;
    const placed = Object.entries(prepared.files).map(([path, text]) => [`${dir}/${path}`, text]);
    await container.mount(toTree(Object.fromEntries(placed)));
  }

  /** The exercise's extra files (its peer's server program, e.g. Paper Trail v2), once per container. */
  #mountExtras(exercise: string, container: Container): Promise<void> {
    const name = this.#extras.get(exercise);
    if (!name) return Promise.resolve();
    let mounting = this.#mountedExtras.get(name);
    if (!mounting) {
      const load = this.#options.loadExtraFiles;
      mounting = (
        load
          ? load(name)
          : Promise.reject(new Error(`no way to load ${name}, which ${exercise} needs`))
      ).then((extra) => container.mount(toTree(extra.files)));
      // A failed fetch is tried again on the next run.
      mounting.catch(() => this.#mountedExtras.delete(name));
      this.#mountedExtras.set(name, mounting);
    }
    return mounting;
  }

  async spawn(exercise: string, mode: RunMode): Promise<RuntimeProcess> {
    const container = this.#required();
    const unparsed = this.#unparsed.get(exercise);
    const stripped = this.#about?.typescript === 'stripped';
    return this.#slot.start(async (channel) => {
      if (unparsed) {
        reportUnparsed(unparsed, channel);
        return { kill: () => undefined };
      }
      const nonce = randomNonce();
      const proc = await container.spawn('node', [
        CONTAINER_PATHS.harness,
        '--exercise',
        exercise,
        '--mode',
        mode,
        '--workspace',
        `${CONTAINER_PATHS.workspaces}/${exercise}`,
        '--nonce',
        nonce,
        ...(stripped ? ['--stripped'] : []),
      ]);
      void pumpSentinels(proc, nonce, channel);
      return proc;
    });
  }

  async console(program: string): Promise<RuntimeProcess> {
    const container = this.#required();
    // Plain JavaScript the page wrote: no scan and no stripping, and no exercise's folder.
    await container.mount(toTree({ [`${CONSOLE_WORKSPACE}/${CONSOLE_PROGRAM}`]: program }));
    return this.#slot.start(async (channel) => {
      const nonce = randomNonce();
      const proc = await container.spawn('node', [
        CONTAINER_PATHS.harness,
        CONSOLE_FLAG,
        '--workspace',
        CONSOLE_WORKSPACE,
        '--nonce',
        nonce,
      ]);
      void pumpSentinels(proc, nonce, channel);
      return proc;
    });
  }

  async teardown(): Promise<void> {
    this.#slot.stop();
    this.#container?.teardown();
    this.#container = undefined;
    this.#booting = undefined;
    this.#editable.clear();
    this.#extras.clear();
    this.#mountedExtras.clear();
    this.#about = undefined;
    this.#unparsed.clear();
  }

  #required(): Container {
    if (!this.#container) throw new Error('WebContainerRuntime: call boot() first');
    return this.#container;
  }
}

/** { 'a/b.txt': 'x' } → { a: { directory: { 'b.txt': { file: { contents: 'x' } } } } } */
export function toTree(files: Record<string, string>): FileTree {
  const root: FileTree = {};
  for (const [path, contents] of Object.entries(files)) {
    const parts = path.split('/').filter(Boolean);
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      const node = (dir[part] ??= { directory: {} });
      if (!('directory' in node)) throw new Error(`${path}: ${part} is a file`);
      dir = node.directory;
    }
    dir[parts[parts.length - 1]] = { file: { contents } };
  }
  return root;
}

/**
 * The container's output is one merged terminal: events arrive as sentinel lines among
 * whatever else was printed. Events go to the channel; the other text is kept (the last
 * 2000 characters) to explain a harness that died without a result.
 */
async function pumpSentinels(
  proc: ContainerProcess,
  nonce: string,
  channel: EventChannel,
): Promise<void> {
  const parser = createSentinelParser(nonce);
  let stray = '';
  const take = (items: SentinelItem[]) => {
    for (const item of items) {
      if (item.kind === 'event') channel.push(item.value);
      else if (item.text.trim()) stray = (stray + item.text + '\n').slice(-2000);
    }
  };
  try {
    await readText(proc.output, (text) => take(parser.push(text)));
  } catch {
    // A killed process may error its stream; what was read is kept.
  }
  take(parser.end());
  const code = await proc.exit;
  channel.close(
    `the harness exited (code ${code}) without a result${stray ? `: ${stray.trim()}` : ''}`,
  );
}

async function readAll(stream: ReadableStream<string>): Promise<string> {
  let text = '';
  await readText(stream, (chunk) => (text += chunk));
  return text;
}

function randomNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

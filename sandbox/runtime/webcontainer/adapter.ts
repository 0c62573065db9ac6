// The WebContainer runtime, kept thin: it boots one container (with its own timeout, since
// WebContainer.boot() waits forever when the sandbox iframe cannot load), mounts the
// pre-bundled runtime and the learner's files, checks that the container's Node can run
// .ts files, and turns the harness's sentinel lines back into events. It never imports
// @webcontainer/api itself: the page passes a boot function, the tests pass a fake.
import { assertEditable } from '../../exercises/editable.ts';
import type { EventChannel } from '../channel.ts';
import { readText, RunSlot } from '../run-slot.ts';
import { createSentinelParser, type SentinelItem } from '../sentinel.ts';
import {
  BootError,
  type BootStage,
  type RunMode,
  type Runtime,
  type RuntimeProcess,
  type WorkspaceFiles,
} from '../types.ts';
import type { RuntimeManifest } from './manifest.ts';
import { CONTAINER_PATHS } from './paths.ts';

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
  /** Default 20 s: long enough for a slow connection, short enough not to look hung. */
  bootTimeoutMs?: number;
  /** Default: the page's crossOriginIsolated. */
  isolated?: () => boolean;
}

const PROBE = 'const n: number = 6 * 7;\nconsole.log(`mcpw-probe:${n}`);\n';

export class WebContainerRuntime implements Runtime {
  readonly kind = 'webcontainer' as const;
  readonly #options: WebContainerRuntimeOptions;
  #container: Container | undefined;
  #editable = new Map<string, string[]>();
  #nodeOptions = '';
  readonly #slot = new RunSlot();
  #booting: Promise<void> | undefined;

  constructor(options: WebContainerRuntimeOptions) {
    this.#options = options;
  }

  /** How the container's Node runs .ts: '' (natively) or a flag; known after boot. */
  get nodeOptions(): string {
    return this.#nodeOptions;
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
    const manifest = await this.#options.loadManifest();
    await this.#container.mount(toTree({ ...manifest.files, [CONTAINER_PATHS.probe]: PROBE }));
    for (const [id, exercise] of Object.entries(manifest.exercises)) {
      this.#editable.set(id, exercise.editable);
    }

    onStage?.('checking-node');
    this.#nodeOptions = await this.#detectTypeStripping();
    onStage?.('ready');
  }

  /**
   * Node 22.18+ strips types by default; 22.6–22.17 needs a flag; older cannot at all. There
   * is deliberately no in-page fallback: the light options are not light (amaro, Node's own
   * stripper, is 3.7 MB of wasm; esbuild-wasm about 10 MB, against 0.9 MB for the whole
   * workbench), so a container without stripping fails boot with advice to run the
   * workshop server instead.
   */
  async #detectTypeStripping(): Promise<string> {
    for (const flag of ['', '--experimental-strip-types']) {
      const args = flag ? [flag, CONTAINER_PATHS.probe] : [CONTAINER_PATHS.probe];
      const proc = await this.#required().spawn('node', args);
      const [text] = await Promise.all([readAll(proc.output), proc.exit]);
      if (text.includes('mcpw-probe:42')) return flag;
    }
    throw new BootError(
      'no-typescript',
      "The sandbox's Node cannot run TypeScript files (no type stripping).",
    );
  }

  async mount(exercise: string, files: WorkspaceFiles): Promise<void> {
    const container = this.#required();
    const editable = this.#editable.get(exercise);
    if (!editable) throw new Error(`unknown exercise "${exercise}"`);
    assertEditable(exercise, editable, Object.keys(files));
    const dir = `${CONTAINER_PATHS.workspaces}/${exercise}`;
    const placed = Object.entries(files).map(([path, text]) => [`${dir}/${path}`, text]);
    await container.mount(toTree(Object.fromEntries(placed)));
  }

  async spawn(exercise: string, mode: RunMode): Promise<RuntimeProcess> {
    const container = this.#required();
    return this.#slot.start(async (channel) => {
      const nonce = randomNonce();
      const env: Record<string, string> = this.#nodeOptions
        ? { NODE_OPTIONS: this.#nodeOptions }
        : {};
      const proc = await container.spawn(
        'node',
        [
          CONTAINER_PATHS.harness,
          '--exercise',
          exercise,
          '--mode',
          mode,
          '--workspace',
          `${CONTAINER_PATHS.workspaces}/${exercise}`,
          '--nonce',
          nonce,
        ],
        { env },
      );
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

// The one fake the project allows: a stand-in for @webcontainer/api, which cannot boot here
// (it needs stackblitz.com). It keeps the real contract and the real ugliness: mount writes
// a FileSystemTree to a temp folder, spawn runs a real Node process there, and its output
// is ONE merged stream of stdout and stderr with "\r\n" line ends, ANSI colour codes and
// chunks cut at arbitrary points (inside a UTF-8 sequence before decoding, inside a UTF-16
// surrogate pair after), like the container's pseudo-terminal. With `node: 22` it runs the
// Node the container has (22, unable to strip types) instead of the project's.
import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type {
  Container,
  ContainerProcess,
  FileTree,
} from '../../sandbox/runtime/page/webcontainer-adapter.ts';
import { NODE22 } from './node22.ts';

export interface FakeOptions {
  /**
   * 22: every process runs on Node 22 with type stripping off, also the ones the harness
   * starts with process.execPath (NODE_OPTIONS), as nothing says WebContainer's Node strips.
   */
  node?: 22;
  /** false: the container's Node cannot strip types (like Node < 22.6). */
  stripTypes?: boolean;
  /** Never resolves boot (like an unreachable stackblitz.com). */
  hang?: boolean;
  /** Boot rejects with this (like a blocked third-party iframe). */
  bootError?: string;
  /**
   * Nothing in the container can kill a process (webcontainer-core#1121, a busy loop): the
   * harness's kills and the page's kill() do nothing; only teardown ends them.
   */
  unkillable?: boolean;
}

export class FakeWebContainer implements Container {
  static booted = 0;
  readonly dir = mkdtempSync(join(tmpdir(), 'mcpw-fakewc-'));
  readonly spawned: { command: string; args: string[]; env?: Record<string, string> }[] = [];
  /** Chunk cuts that fell inside a character: a UTF-8 sequence, a surrogate pair. */
  readonly cutInside = { utf8: 0, surrogates: 0 };
  readonly #children = new Set<ReturnType<typeof spawn>>();
  #torn = false;
  readonly #options: FakeOptions;

  private constructor(options: FakeOptions) {
    this.#options = options;
  }

  static boot(options: FakeOptions = {}): Promise<FakeWebContainer> {
    if (options.hang) return new Promise(() => undefined);
    if (options.bootError) return Promise.reject(new Error(options.bootError));
    FakeWebContainer.booted++;
    return Promise.resolve(new FakeWebContainer(options));
  }

  get tornDown(): boolean {
    return this.#torn;
  }

  async mount(tree: FileTree): Promise<void> {
    this.#alive();
    const write = (t: FileTree, at: string) => {
      for (const [name, node] of Object.entries(t)) {
        const path = join(at, name);
        if ('directory' in node) {
          mkdirSync(path, { recursive: true });
          write(node.directory, path);
        } else {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, node.file.contents);
        }
      }
    };
    write(tree, this.dir);
  }

  async spawn(
    command: string,
    args: string[],
    options: { cwd?: string; env?: Record<string, string> } = {},
  ): Promise<ContainerProcess> {
    this.#alive();
    this.spawned.push({ command, args, env: options.env });
    if (command !== 'node') throw new Error(`fake container only has node, not ${command}`);
    // A container's /tmp is inside the container and goes with it on teardown, also what a
    // killed process had no chance to remove (the harness's tap record folder).
    const tmp = join(this.dir, '.tmp');
    mkdirSync(tmp, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      FORCE_COLOR: '0',
      TMPDIR: tmp,
      // A WebContainer has no namespaces: its harness takes the fallback (pid-namespace.ts).
      MCPW_CONTAINMENT: 'off',
    };
    let nodeArgs = args;
    if (this.#options.node === 22) {
      nodeArgs = args.filter((a) => !a.includes('strip-types'));
      env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --no-experimental-strip-types`.trim();
    } else if (this.#options.stripTypes === false) {
      // Simulate an old Node: the flag is unknown and .ts files are not runnable.
      nodeArgs = [
        '--no-experimental-strip-types',
        ...args.filter((a) => !a.includes('strip-types')),
      ];
      env.NODE_OPTIONS = (env.NODE_OPTIONS ?? '').replace('--experimental-strip-types', '');
    }
    if (this.#options.unkillable) nodeArgs = ['--import', NO_KILL, ...nodeArgs];
    const child = spawn(this.#options.node === 22 ? NODE22 : process.execPath, nodeArgs, {
      cwd: join(this.dir, options.cwd ?? ''),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#children.add(child);
    let chunkNo = 0;
    const cutInside = this.cutInside;
    const output = new ReadableStream<string>({
      start(controller) {
        let open = 2;
        const emitFrom = () => {
          const decoder = new TextDecoder();
          return (buf: Buffer) => {
            const step = 37 + (chunkNo % 11);
            // The pty decodes bytes as they come, so its reads cut characters too.
            let text = '';
            for (let i = 0; i < buf.length; i += step) {
              if (i > 0 && (buf[i] & 0xc0) === 0x80) cutInside.utf8++;
              text += decoder.decode(buf.subarray(i, i + step), { stream: true });
            }
            // pty line discipline: \n becomes \r\n; sprinkle colour codes; cut chunks unevenly.
            text = text.replace(/\n/g, '\r\n');
            if (chunkNo++ % 3 === 0) text = `\u001b[2m${text}\u001b[0m`;
            for (let i = 0; i < text.length; i += step) {
              if (i > 0 && /[\udc00-\udfff]/.test(text[i])) cutInside.surrogates++;
              controller.enqueue(text.slice(i, i + step));
            }
          };
        };
        const closeOne = () => {
          if (--open === 0) controller.close();
        };
        child.stdout.on('data', emitFrom());
        child.stderr.on('data', emitFrom());
        child.stdout.on('end', closeOne);
        child.stderr.on('end', closeOne);
      },
    });
    const exit = new Promise<number>((resolve) => {
      child.on('close', (code) => {
        this.#children.delete(child);
        resolve(code ?? 1);
      });
    });
    const kill = () => (this.#options.unkillable ? undefined : child.kill('SIGTERM'));
    return { output, exit, kill };
  }

  teardown(): void {
    this.#torn = true;
    // An unkillable container's learner programs outlive the harness that could not kill
    // them, in process groups of their own: end them all, as a real teardown does.
    if (this.#options.unkillable) killProcessesIn(this.dir);
    for (const c of this.#children) c.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }

  #alive() {
    if (this.#torn) throw new Error('this WebContainer was torn down');
  }
}

/** Preloaded into the container's Node: process.kill (the harness's only way) does nothing. */
const NO_KILL = 'data:text/javascript,process.kill=()=>true';

/**
 * Every process of this container: one whose command line, working folder or environment
 * (TMPDIR, which the container sets for all it starts) names the container's folder. Found by
 * all three, since a learner program whose harness died is no one's descendant any more, and
 * one that renamed itself (process.title) no longer shows the folder in its command line.
 */
function killProcessesIn(dir: string): void {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    if (!belongsTo(Number(name), dir)) continue;
    try {
      process.kill(Number(name), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function belongsTo(pid: number, dir: string): boolean {
  const read = (what: () => string): string => {
    try {
      return what();
    } catch {
      return '';
    }
  };
  if (read(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8')).includes(dir)) return true;
  const cwd = read(() => readlinkSync(`/proc/${pid}/cwd`));
  if (cwd === dir || cwd.startsWith(`${dir}/`)) return true;
  return read(() => readFileSync(`/proc/${pid}/environ`, 'utf8'))
    .split('\0')
    .includes(`TMPDIR=${join(dir, '.tmp')}`);
}

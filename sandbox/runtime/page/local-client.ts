// The page's side of the local runtime: a Runtime that sends the learner's files with each
// run to the dev/workshop server's endpoint and reads NDJSON events back. No Node imports,
// so it runs in the browser (and in Node's own fetch for the contract tests).
import type { EventChannel } from './channel.ts';
import { readText, RunSlot } from './run-slot.ts';
import { TextLineSplitter } from '../../wire/lines.ts';
import {
  BootError,
  type BootStage,
  type RunMode,
  type Runtime,
  type RuntimeAbout,
  type RuntimeProcess,
  type WorkspaceFiles,
} from '../shared/types.ts';

export { TOKEN_HEADER } from '../shared/local-protocol.ts';
import { TOKEN_HEADER } from '../shared/local-protocol.ts';

export interface LocalRuntimeOptions {
  /** Origin of the server, e.g. 'http://127.0.0.1:4322' ('' in the page: same origin). */
  base: string;
  token: string;
  /** Extra headers; only Node callers need this (a browser sets Origin itself). */
  headers?: Record<string, string>;
}

/** Asks the serving page's server for a runtime token; undefined when there is no endpoint. */
export async function fetchLocalToken(base = ''): Promise<string | undefined> {
  try {
    const res = await fetch(`${base}/__runtime/token`, { cache: 'no-store' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) {
      return undefined;
    }
    const body = (await res.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : undefined;
  } catch {
    return undefined;
  }
}

export class LocalRuntime implements Runtime {
  readonly kind = 'local' as const;
  readonly #options: LocalRuntimeOptions;
  readonly #files = new Map<string, WorkspaceFiles>();
  #booted = false;
  #about: RuntimeAbout | undefined;
  readonly #slot = new RunSlot();

  constructor(options: LocalRuntimeOptions) {
    this.#options = options;
  }

  /** The server's Node, as its ping answered; it runs .ts itself (Node 24 strips types). */
  get about(): RuntimeAbout | undefined {
    return this.#about;
  }

  #post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    return fetch(`${this.#options.base}/__runtime/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [TOKEN_HEADER]: this.#options.token,
        ...this.#options.headers,
      },
      body: JSON.stringify(body),
      signal,
    });
  }

  async boot(onStage?: (stage: BootStage) => void): Promise<void> {
    if (this.#booted) return;
    onStage?.('booting');
    let res: Response;
    try {
      res = await this.#post('ping', {}, AbortSignal.timeout(10_000));
    } catch (err) {
      throw new BootError('unavailable', `The local runtime did not answer: ${String(err)}`);
    }
    if (res.status === 401 || res.status === 403 || res.status === 421) {
      throw new BootError('unauthorised', `The local runtime refused this page (${res.status}).`);
    }
    if (!res.ok) throw new BootError('unavailable', `The local runtime answered ${res.status}.`);
    onStage?.('mounting');
    onStage?.('checking-node');
    const { node } = (await res.json()) as { node?: unknown };
    this.#about = typeof node === 'string' ? { node, typescript: 'native' } : undefined;
    this.#booted = true;
    onStage?.('ready');
  }

  async mount(exercise: string, files: WorkspaceFiles): Promise<void> {
    this.#requireBoot();
    // The server checks paths against the exercise when the files travel with a run.
    this.#files.set(exercise, { ...files });
  }

  async spawn(exercise: string, mode: RunMode): Promise<RuntimeProcess> {
    this.#requireBoot();
    const files = this.#files.get(exercise) ?? {};
    return this.#start('run', { exercise, mode, files });
  }

  async console(program: string): Promise<RuntimeProcess> {
    this.#requireBoot();
    return this.#start('console', { program });
  }

  #start(route: 'run' | 'console', body: unknown): Promise<RuntimeProcess> {
    return this.#slot.start(async (channel) => {
      const abort = new AbortController();
      void this.#stream(route, body, abort.signal, channel);
      return { kill: () => abort.abort() };
    });
  }

  /** Posts one run and passes the NDJSON events of the answer into the channel. */
  async #stream(
    route: 'run' | 'console',
    body: unknown,
    signal: AbortSignal,
    channel: EventChannel,
  ): Promise<void> {
    let res: Response;
    try {
      res = await this.#post(route, body, signal);
    } catch (err) {
      channel.close(signal.aborted ? 'stopped' : `runtime unreachable: ${String(err)}`);
      return;
    }
    if (!res.ok || !res.body) {
      let why = `the local runtime answered ${res.status}`;
      try {
        why += `: ${((await res.json()) as { error?: string }).error ?? ''}`;
      } catch {
        // The status alone has to do.
      }
      channel.close(why);
      return;
    }
    // A last line without its newline was cut off: the harness ends every event with one.
    const lines = new TextLineSplitter();
    try {
      await readText(res.body.pipeThrough(new TextDecoderStream()), (text) => {
        for (const line of lines.push(text)) {
          if (line.trim()) channel.push(safeJson(line.trim()));
        }
      });
      channel.close('the harness ended without a result');
    } catch {
      channel.close(signal.aborted ? 'stopped' : 'the connection to the runtime broke');
    }
  }

  async teardown(): Promise<void> {
    this.#slot.stop();
    this.#files.clear();
    this.#booted = false;
  }

  #requireBoot() {
    if (!this.#booted) throw new Error('LocalRuntime: call boot() first');
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

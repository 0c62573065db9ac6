// A stdio server docked with the harness (Paper Trail, or the learner's own server when the
// course's client drives it): the harness starts the server itself, outside the program's
// process tree, and records the wire as the bytes pass through it, the records
// the stdio relay would write (tap/record-file.ts) going straight to the session, never to
// a file. "{peer}" is a connector (tap/connector.ts) that reaches the dock over a loopback
// socket: each connection is one start of the server, as each start of the relay was.
//
// The program may read its argv, its environment and whatever /proc shows it: the port and
// the token lead it only to the server, and all it can send there is traffic the harness
// records as what it is. Nothing it writes anywhere else is read as the wire. A learner's
// server runs as the program does, in a namespace of its own where there is one
// (pid-namespace.ts): it cannot reach the harness, and the record is in the harness's memory.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { encodeFrame, onFrames } from '../tap/dock-frames.ts';
import type { TapRecord } from '../tap/record-file.ts';
import { openRecorder } from '../tap/relay.ts';
import { learnerEnv } from './learner-env.ts';
import { notify } from './notices.ts';
import { ProcessGroup } from './process-group.ts';

export interface DockSetup {
  /** The server's command line; a connection's own words come after it. */
  server: { command: string; args: string[] };
  /** The server's folder (the program's work folder, as when it started the server there). */
  cwd: string;
  /** Cap on the wire's bytes each start of the server may have recorded. */
  maxBytes: number;
  /** Every record, in the order it was made, while the dock is open. */
  onRecord: (record: TapRecord) => void;
  /** A namespace for each start, as the program gets (the learner's server). */
  namespace?: { readOnly: string };
  /**
   * The server's environment: the harness's short one (learner-env.ts) for a server of the
   * course's; for a learner's server, the one its client gave the connector, as a client
   * starting its server means. Either way with these variables (the run's marker) on top.
   */
  env?: { from: 'harness' | 'client'; extra: Record<string, string> };
  /** Each start of the server, as soon as it is spawned (the run keeps track of it). */
  onStart?: (group: ProcessGroup) => void;
}

/** The signals a client may pass on to its server through the connector. */
const PASSED_ON = new Set(['SIGTERM', 'SIGINT']);
/** How long a server killed as the dock closes may take to be gone. */
const CLOSE_WAIT_MS = 1000;

export class Dock {
  readonly port: number;
  /** The connector's proof that it was started for this run (the program sees it too). */
  readonly token = randomBytes(16).toString('hex');
  private readonly setup: DockSetup;
  private readonly listener: Server;
  private readonly servers = new Set<ProcessGroup>();
  private readonly sockets = new Set<Socket>();
  private starts = 0;
  private open = true;

  private constructor(setup: DockSetup, listener: Server, port: number) {
    this.setup = setup;
    this.listener = listener;
    this.port = port;
    listener.on('connection', (socket) => this.accept(socket));
  }

  static open(setup: DockSetup): Promise<Dock> {
    const listener = createServer();
    return new Promise((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(0, '127.0.0.1', () => {
        const address = listener.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        resolve(new Dock(setup, listener, port));
      });
    });
  }

  /** The connector's command line: `prefix`, how to reach the dock, then `--`. */
  connectorCommand(prefix: string[], splitSeed: number | undefined): string[] {
    const split = splitSeed === undefined ? [] : ['--split-seed', String(splitSeed)];
    return [...prefix, '--port', String(this.port), '--token', this.token, ...split, '--'];
  }

  /** Stops recording, ends every server still running and closes the socket. */
  async close(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    const gone = [...this.servers].map((s) => s.closed);
    this.killAll();
    for (const socket of this.sockets) socket.destroy();
    this.listener.close();
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(gone),
      new Promise((r) => (wait = setTimeout(r, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(wait);
  }

  private killAll(): void {
    for (const server of this.servers) server.kill();
  }

  private accept(socket: Socket): void {
    if (!this.open) return void socket.destroy();
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => {});
    let session: DockedServer | null = null;
    onFrames(
      socket,
      (kind, payload) => {
        if (socket.destroyed) return;
        if (session) return session.fromClient(kind, payload);
        session = kind === 'hello' ? this.start(socket, payload) : null;
        if (!session) socket.destroy();
      },
      () => socket.destroy(),
    );
    socket.on('close', () => {
      this.sockets.delete(socket);
      session?.clientGone();
    });
  }

  /** A connector said hello: start the server for it, or null when it is none of ours. */
  private start(socket: Socket, hello: Buffer): DockedServer | null {
    let args: string[];
    let clientEnv: Record<string, string>;
    try {
      const parsed = JSON.parse(hello.toString()) as {
        token?: unknown;
        args?: unknown;
        env?: unknown;
      };
      if (parsed.token !== this.token || !isWords(parsed.args)) return null;
      args = parsed.args;
      clientEnv = isVariables(parsed.env) ? parsed.env : {};
    } catch {
      return null;
    }
    const { server, cwd, maxBytes, namespace, env, onStart } = this.setup;
    const target = [server.command, ...server.args, ...args];
    const recorder = openRecorder(
      undefined,
      maxBytes,
      { onRecord: (r) => this.open && this.setup.onRecord(r) },
      ++this.starts,
    );
    // A group of its own, to end with one kill, and for whoever started the harness to end
    // should the harness die first (it also ends with a harness told to exit mid-run).
    const extra = env?.extra ?? {};
    const group = new ProcessGroup(
      target[0]!,
      target.slice(1),
      cwd,
      env?.from === 'client' ? { ...clientEnv, ...extra } : learnerEnv(process.env, extra),
      {
        stdin: true,
        namespace,
      },
    );
    this.servers.add(group);
    if (group.child.pid) notify({ group: group.child.pid });
    onStart?.(group);
    return new DockedServer(group, socket, target, recorder, () => {
      this.servers.delete(group);
      group.release();
    });
  }
}

/** One start of the server, for one connector: the relay's work, in the harness. */
class DockedServer {
  private readonly group: ProcessGroup;
  private readonly record: ReturnType<typeof openRecorder>['record'];
  private muted = false;

  constructor(
    group: ProcessGroup,
    socket: Socket,
    target: string[],
    recorder: ReturnType<typeof openRecorder>,
    onGone: () => void,
  ) {
    this.group = group;
    this.record = (r) => {
      if (!this.muted) recorder.record(r);
    };
    this.record({ k: 'start', command: target });
    const { child } = group;
    child.on('error', (err: Error) => {
      this.record({ k: 'spawn-error', message: err.message });
      this.muted = true;
      onGone();
      socket.end(encodeFrame('exit', JSON.stringify({ code: 127, signal: null })));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      this.record({ k: 's2c', b: chunk.toString('base64') });
      socket.write(encodeFrame('stdout', chunk));
    });
    // Recorded, not passed on: the client's own stderr reaches the harness too, and passing
    // the server's on would report every server log line twice (as the relay does).
    child.stderr.on('data', (chunk: Buffer) => {
      this.record({ k: 'err', b: chunk.toString('base64') });
    });
    // The server's exit is told once its pipes have closed, as the relay told it: a helper
    // it left writing on its stdout or stderr is heard to the end.
    child.on('exit', (code: number | null, signal: string | null) => {
      void group.settled().then(() => {
        onGone();
        this.record({ k: 'exit', code, signal });
        this.muted = true;
        socket.end(encodeFrame('exit', JSON.stringify({ code, signal })));
      });
    });
  }

  fromClient(kind: string, payload: Buffer): void {
    const stdin = this.group.stdin;
    if (kind === 'stdin') {
      this.record({ k: 'c2s', b: payload.toString('base64') });
      stdin?.write(payload);
    } else if (kind === 'stdin-end') {
      this.record({ k: 'c2s-end' });
      stdin?.end();
    } else if (kind === 'signal' && PASSED_ON.has(payload.toString())) {
      this.group.signal(payload.toString() as NodeJS.Signals);
    }
  }

  /**
   * The connector is gone without the server's exit (killed, or its process ended by the
   * run): as when a client killed the tapped server outright, nothing more is recorded, and
   * the server goes with it.
   */
  clientGone(): void {
    if (this.muted) return;
    this.muted = true;
    this.group.kill();
  }
}

function isWords(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((w) => typeof w === 'string');
}

function isVariables(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

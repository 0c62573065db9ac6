// Paper Trail docked with the harness: the harness starts the server itself, outside the
// program's process tree, and records the wire as the bytes pass through it, the records
// the stdio relay would write (tap/record-file.ts) going straight to the session, never to
// a file. "{peer}" is a connector (tap/connector.ts) that reaches the dock over a loopback
// socket: each connection is one start of the server, as each start of the relay was.
//
// The program may read its argv, its environment and whatever /proc shows it: the port and
// the token lead it only to the server, and all it can send there is traffic the harness
// records as what it is. Nothing it writes anywhere else is read as the wire.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { encodeFrame, onFrames } from '../tap/dock-frames.ts';
import type { TapRecord } from '../tap/record-file.ts';
import { openRecorder } from '../tap/relay.ts';
import { learnerEnv } from './learner-env.ts';
import { notify } from './notices.ts';
import { atExit } from './at-exit.ts';

export interface DockSetup {
  /** The server's command line; a connection's own words come after it. */
  server: { command: string; args: string[] };
  /** The server's folder (the program's work folder, as when it started the server there). */
  cwd: string;
  /** Cap on the wire's bytes each start of the server may have recorded. */
  maxBytes: number;
  /** Every record, in the order it was made, while the dock is open. */
  onRecord: (record: TapRecord) => void;
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
  private readonly servers = new Set<ChildProcessWithoutNullStreams>();
  private readonly sockets = new Set<Socket>();
  private starts = 0;
  private readonly releaseAtExit: () => void;
  private open = true;

  private constructor(setup: DockSetup, listener: Server, port: number) {
    this.setup = setup;
    this.listener = listener;
    this.port = port;
    listener.on('connection', (socket) => this.accept(socket));
    // A harness told to exit mid-run still ends the servers it started.
    this.releaseAtExit = atExit(this.killAll);
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
    const gone = [...this.servers].map(
      (s) => new Promise<void>((r) => (s.exitCode !== null ? r() : s.once('close', () => r()))),
    );
    this.killAll();
    for (const socket of this.sockets) socket.destroy();
    this.listener.close();
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(gone),
      new Promise((r) => (wait = setTimeout(r, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(wait);
    this.releaseAtExit();
  }

  private readonly killAll = (): void => {
    for (const server of this.servers) killGroup(server);
  };

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
    try {
      const parsed = JSON.parse(hello.toString()) as { token?: unknown; args?: unknown };
      if (parsed.token !== this.token || !isWords(parsed.args)) return null;
      args = parsed.args;
    } catch {
      return null;
    }
    const { server, cwd, maxBytes } = this.setup;
    const target = [server.command, ...server.args, ...args];
    const recorder = openRecorder(
      undefined,
      maxBytes,
      { onRecord: (r) => this.open && this.setup.onRecord(r) },
      ++this.starts,
    );
    const child = spawn(target[0]!, target.slice(1), {
      cwd,
      env: learnerEnv(process.env, {}),
      stdio: ['pipe', 'pipe', 'pipe'],
      // A group of its own, to end with one kill, and for whoever started the harness to end
      // should the harness die first.
      detached: true,
    });
    this.servers.add(child);
    if (child.pid) notify({ group: child.pid });
    return new DockedServer(child, socket, target, recorder, () => this.servers.delete(child));
  }
}

/** One start of the server, for one connector: the relay's work, in the harness. */
class DockedServer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly socket: Socket;
  private readonly record: ReturnType<typeof openRecorder>['record'];
  private muted = false;

  constructor(
    child: ChildProcessWithoutNullStreams,
    socket: Socket,
    target: string[],
    recorder: ReturnType<typeof openRecorder>,
    onGone: () => void,
  ) {
    this.child = child;
    this.socket = socket;
    this.record = (r) => {
      if (!this.muted) recorder.record(r);
    };
    this.record({ k: 'start', command: target });
    child.on('error', (err) => {
      this.record({ k: 'spawn-error', message: err.message });
      this.muted = true;
      onGone();
      socket.end(encodeFrame('exit', JSON.stringify({ code: 127, signal: null })));
    });
    // The server may exit before reading everything; that is its business.
    child.stdin.on('error', () => {});
    child.stdout.on('data', (chunk: Buffer) => {
      this.record({ k: 's2c', b: chunk.toString('base64') });
      socket.write(encodeFrame('stdout', chunk));
    });
    // Recorded, not passed on: the client's own stderr reaches the harness too, and passing
    // the server's on would report every server log line twice (as the relay does).
    child.stderr.on('data', (chunk: Buffer) => {
      this.record({ k: 'err', b: chunk.toString('base64') });
    });
    child.on('close', (code, signal) => {
      onGone();
      this.record({ k: 'exit', code, signal });
      this.muted = true;
      socket.end(encodeFrame('exit', JSON.stringify({ code, signal })));
    });
  }

  fromClient(kind: string, payload: Buffer): void {
    if (kind === 'stdin') {
      this.record({ k: 'c2s', b: payload.toString('base64') });
      this.child.stdin.write(payload);
    } else if (kind === 'stdin-end') {
      this.record({ k: 'c2s-end' });
      this.child.stdin.end();
    } else if (kind === 'signal' && PASSED_ON.has(payload.toString())) {
      this.child.kill(payload.toString() as NodeJS.Signals);
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
    killGroup(this.child);
  }
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function isWords(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((w) => typeof w === 'string');
}

// What a client starts in place of the server in an exercise: a thin connector to the server
// the harness has docked outside the client's reach (harness/dock.ts). The harness records
// the wire itself, as the bytes pass it, so nothing the client can name or write is taken
// as the record; whatever the client sends, by this connector or its own socket, is real
// traffic with the real server. To the client it is the server: its stdin reaches the
// server's, its stdout is the server's, closing its stdin closes the server's, and it exits
// as the server did (a server ended by a signal, 1, as the relay does).
//
// In a check run the harness adds --split-seed N: the server's stdout then reaches the client
// cut inside every line (split-delivery.ts), timed by the client's own reads, which only a
// process the client started can watch.
//
// Usage: node connector-main.ts --port N --token T [--split-seed N] -- [server args...]
import { connect } from 'node:net';
import { encodeFrame, onFrames } from './dock-frames.ts';
import { splitToParent } from './split-delivery.ts';

export function runConnector(argv: string[]): void {
  const { port, token, splitSeed, args } = parseConnectorArgs(argv);
  const socket = connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  // The environment the client gave its server goes along: a learner's server is started
  // with it, as the client meant (the harness starts its own servers with its own).
  socket.write(encodeFrame('hello', JSON.stringify({ token, args, env: process.env })));

  process.stdin.on('data', (chunk: Buffer) => socket.write(encodeFrame('stdin', chunk)));
  process.stdin.on('end', () => socket.write(encodeFrame('stdin-end')));
  process.stdout.on('error', () => {});
  // A client shutting the server down signals what it started: the server gets the signal.
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, () => socket.write(encodeFrame('signal', sig)));
  }

  const toClient = (piece: Buffer): void => void process.stdout.write(piece);
  const split = splitToParent(splitSeed, toClient);
  let exited = false;
  onFrames(
    socket,
    (kind, payload) => {
      if (kind === 'stdout') {
        if (split) split.push(payload);
        else toClient(payload);
      } else if (kind === 'exit') {
        exited = true;
        const { code } = JSON.parse(payload.toString()) as { code: number | null };
        process.stdin.destroy();
        socket.destroy();
        // Pieces still queued are the server's last words: the client gets them before the end.
        void (split?.drained() ?? Promise.resolve()).then(() =>
          process.stdout.write('', () => process.exit(code ?? 1)),
        );
      }
    },
    () => gone('the harness spoke something else on the socket'),
  );
  socket.on('error', (err) => gone(`could not reach the server: ${err.message}`));
  socket.on('close', () => gone('the server is gone: the run is over'));

  function gone(why: string): void {
    if (exited) return;
    exited = true;
    process.stderr.write(`connector: ${why}\n`);
    process.exit(127);
  }
}

interface ConnectorArgs {
  port: number;
  token: string;
  splitSeed: number | undefined;
  /** Words after `--`: the server gets them after its own. */
  args: string[];
}

function parseConnectorArgs(argv: string[]): ConnectorArgs {
  const sep = argv.indexOf('--');
  const own = sep === -1 ? argv : argv.slice(0, sep);
  const value = (name: string) => {
    const i = own.indexOf(name);
    return i === -1 ? undefined : own[i + 1];
  };
  const port = value('--port') ?? '';
  const token = value('--token');
  const seed = value('--split-seed');
  if (!/^\d+$/.test(port) || !token || (seed !== undefined && !/^\d+$/.test(seed))) {
    process.stderr.write(
      'usage: connector --port N --token T [--split-seed N] -- [server args...]\n',
    );
    process.exit(2);
  }
  return {
    port: Number(port),
    token,
    splitSeed: seed === undefined ? undefined : Number(seed),
    args: sep === -1 ? [] : argv.slice(sep + 1),
  };
}

// The stdio tap inside the server's own process: the records the relay writes (record-file.ts,
// the same reader takes them), with no relay process between the client and the server. A
// check then starts one Node process fewer, about 0.1 s of every check.
//
// Only for a server whose every byte passes through process.stdin, process.stdout and
// process.stderr, as Paper Trail's stdio build does (the harness chooses in harness/peer.ts,
// the capture tool in capture/tap-command.ts). Bytes a program writes to fd 1 by itself, or
// through a child it gives its stdout, would pass unrecorded: a learner's server, and Paper
// Trail with --chatty, keep the relay.
import { PassThrough } from 'node:stream';
import { openRecorder, parseTapArgs } from './relay.ts';
import { splitToParent } from './split-delivery.ts';

type Done = (err?: Error | null) => void;

/**
 * Taps this process from now on, as relay.ts taps a child: stdin recorded as it arrives and
 * kept for the server until it reads; stdout recorded, then passed on (cut, in a check run);
 * stderr recorded and not passed on; the exit recorded. Returns the server's command line.
 */
export function tapThisProcess(argv: string[]): string[] {
  const { recordPath, maxBytes, splitSeed, target } = parseTapArgs(argv);
  const { record, close } = openRecorder(recordPath, maxBytes);
  record({ k: 'start', command: target });

  // The server reads a buffer of its own: bytes that come while it is still loading wait there,
  // as they wait in a pipe for a server the relay started.
  const clientBytes = process.stdin;
  const input = new PassThrough();
  Object.defineProperty(process, 'stdin', { value: input, configurable: true });
  clientBytes.on('data', (chunk: Buffer) => {
    record({ k: 'c2s', b: chunk.toString('base64') });
    input.write(chunk);
  });
  clientBytes.on('end', () => {
    record({ k: 'c2s-end' });
    input.end();
  });

  const stdout = process.stdout;
  const toClient = stdout.write.bind(stdout) as (
    bytes: Uint8Array | string,
    done?: Done,
  ) => boolean;
  stdout.on('error', () => {});
  const split = splitToParent(splitSeed, (p) => toClient(p));
  stdout.write = intercept((bytes, done) => {
    if (bytes.length > 0) record({ k: 's2c', b: bytes.toString('base64') });
    if (!split) return toClient(bytes, done);
    split.push(bytes);
    if (done) process.nextTick(done);
    return true;
  });
  // As the relay does: the server's stderr is recorded but not passed on (the harness would
  // report every log line twice).
  process.stderr.write = intercept((bytes, done) => {
    if (bytes.length > 0) record({ k: 'err', b: bytes.toString('base64') });
    if (done) process.nextTick(done);
    return true;
  });

  let ended = false;
  const end = (code: number | null, signal: NodeJS.Signals | null): void => {
    if (ended) return;
    ended = true;
    record({ k: 'exit', code, signal });
    close();
  };
  process.on('exit', (code) => end(code, null));
  // A client shutting the server down: the relay's server would die of the signal and the
  // relay exit 1 once the queued pieces were delivered. The client sees the same here.
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, () => {
      end(null, sig);
      void (split?.drained() ?? Promise.resolve()).then(() => toClient('', () => process.exit(1)));
    });
  }
  return target;
}

/** A stream's write() taking what write() takes (chunk, encoding, callback) as bytes. */
function intercept(write: (bytes: Buffer, done: Done | undefined) => boolean): never {
  return ((chunk: string | Uint8Array, encoding?: BufferEncoding | Done, done?: Done) => {
    const callback = typeof encoding === 'function' ? encoding : done;
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk);
    return write(bytes, callback);
  }) as never;
}

// Read-only driver: plays the client for your relay, three times.
//
//  1. "through": starts `node relay.ts <server command...>` (the course's tapped Paper Trail)
//     and writes five frames into it, some in awkward pieces: two frames in a single write;
//     one frame in three writes, one of the cuts inside a two-byte "é"; a frame ending in
//     "\r\n". It waits for each reply, then closes the relay's stdin and times how long the
//     relay takes to exit.
//  2. "client-closes": starts `node relay.ts node answer-once.ts --linger`, a server that
//     answers one request and, once its stdin closes, takes a moment to finish and writes a
//     last line before it exits. The driver closes the relay's stdin after the answer and
//     looks for that last line: a relay that exits before its server has loses it.
//  3. "server-exits": starts `node relay.ts node answer-once.ts`, a server that answers one
//     request and exits, keeps the relay's stdin open, and times how long the relay takes
//     to notice and exit.
//
// It records exactly the bytes it wrote and the bytes it got back, and prints them as one
// "@@tap" line of JSON per scenario; the checker compares them with what the server really
// received and sent. Your relay's stderr is shown on the driver's stderr as it comes.
// Run: node drive.ts relay.ts answer-once.ts <server command> [args...]
// A relay in another language: in relay.ts's place, its command as a JSON list of words,
// e.g. node drive.ts '["python3","relay.py"]' answer-once.ts npm run --silent paper-trail
// (what `exercise check tap --cmd 'python3 relay.py'` hands the driver).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const [relayArg, answerOnceFile, ...server] = process.argv.slice(2);
/** How the relay starts: `node relay.ts`, or the command given as JSON words. */
const relayCommand: string[] = relayArg.startsWith('[')
  ? (JSON.parse(relayArg) as string[])
  : [process.execPath, relayArg];
/** How long the driver waits for a reply before it gives up on it. */
const PATIENCE_MS = 3000;
/** The first reply also waits for the server to start, which a busy machine makes slow. */
const FIRST_REPLY_MS = 10_000;
/** How long the relay has to exit once one side has ended (the second session starts two processes). */
const EXIT_MS = { through: 5000, 'client-closes': 3000, 'server-exits': 10_000 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Relay {
  child: ChildProcess;
  /** Every byte the relay wrote to its stdout, in order. */
  got: Buffer[];
  stderr: string;
  /** Resolves with the exit once the relay has exited and its pipes are closed. */
  closed: Promise<{ code: number | null; signal: string | null }>;
  isClosed: boolean;
}

function startRelay(command: string[]): Relay {
  const child = spawn(relayCommand[0], [...relayCommand.slice(1), ...command], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const relay: Relay = {
    child,
    got: [],
    stderr: '',
    isClosed: false,
    closed: new Promise((resolve) =>
      child.once('close', (code, signal) => {
        relay.isClosed = true;
        resolve({ code, signal });
      }),
    ),
  };
  child.stdout!.on('data', (chunk: Buffer) => relay.got.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => {
    relay.stderr += chunk.toString('utf8');
    process.stderr.write(chunk);
  });
  // A relay that has exited cannot take our bytes; the report will say why.
  child.stdin!.on('error', () => {});
  return relay;
}

/** Waits until `done()` holds or `ms` pass; says which. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/** Has a reply carrying this id (as JSON text) come back on the relay's stdout? */
function replied(relay: Relay, idJson: string): boolean {
  for (const line of Buffer.concat(relay.got).toString('utf8').split('\n')) {
    try {
      const message = JSON.parse(line) as { id?: unknown };
      if (JSON.stringify(message.id) === idJson) return true;
    } catch {
      // not a whole JSON line (yet): keep waiting
    }
  }
  return false;
}

/** Waits up to `ms` for the relay to exit; kills it if it has not. */
async function finish(relay: Relay, started: number, ms: number) {
  const exited = await until(() => relay.isClosed, ms);
  const afterMs = Date.now() - started;
  if (!exited) {
    relay.child.kill('SIGKILL');
    await relay.closed;
    return null;
  }
  return { ...(await relay.closed), afterMs };
}

function report(line: object): void {
  process.stdout.write('@@tap ' + JSON.stringify(line) + '\n');
}

// Per-run ids, so that nothing about this run's frames can be known in advance.
const run = randomBytes(3).toString('hex');
const numeric = 1000 + randomBytes(2).readUInt16BE(0);
const initialize =
  `{"jsonrpc": "2.0", "id": "${run}-1", "method": "initialize", "params": {"protocolVersion": "2025-11-25", ` +
  `"capabilities": {}, "clientInfo": {"name": "tap-driver", "title": "Tap driver, caf\\u00e9", "version": "1.0.0"}}}\n`;
const initialized = '{"jsonrpc":"2.0","method":"notifications/initialized"}\n';
const list = `{"jsonrpc":"2.0","id":${numeric},"method":"tools/list"}\n`;
const cafe = `{"jsonrpc":"2.0","id":"${run}-3","method":"tools/call","params":{"name":"order_status","arguments":{"order_id":"PT-${run}-café"}}}\n`;
const arrow = `{"jsonrpc":"2.0","id":"${run}-4","method":"tools/call","params":{"name":"order_status","arguments":{"order_id":"PT-${run}-→"}}}\r\n`;

/** The two bytes of "é" in UTF-8 (0xc3 0xa9). */
const E_ACUTE = Buffer.of(0xc3, 0xa9);

/** Writes one piece and lets it leave on its own before the next. */
async function write(relay: Relay, wrote: Buffer[], piece: Buffer): Promise<void> {
  wrote.push(piece);
  relay.child.stdin!.write(piece);
  await sleep(60);
}

/** Runs the first session; says whether every reply came back through the relay. */
async function through(): Promise<boolean> {
  const relay = startRelay(server);
  const wrote: Buffer[] = [];
  const waits: Record<string, boolean> = {};
  const wait = async (idJson: string, ms = PATIENCE_MS) => {
    // After one reply failed to come, the rest are not waited for: the report says enough.
    if (Object.values(waits).includes(false)) return;
    waits[idJson] = await until(() => replied(relay, idJson), ms);
  };

  // initialize in one write, with spaces and a "\u00e9" escape: bytes a parser would not keep.
  // Its reply also shows the relay is up and reading, so the pieces below arrive as pieces.
  await write(relay, wrote, Buffer.from(initialize));
  await wait(JSON.stringify(`${run}-1`), FIRST_REPLY_MS);
  // Two frames in one write.
  await write(relay, wrote, Buffer.from(initialized + list));
  await wait(JSON.stringify(numeric));
  // One frame in three writes: cut in the middle of the JSON, then in the middle of the "é"
  // of "café" (the server echoes the order id back, so the "é" comes back too).
  const pieces = Buffer.from(cafe);
  const middle = pieces.indexOf('"params"');
  const e = pieces.indexOf(E_ACUTE);
  await write(relay, wrote, pieces.subarray(0, middle));
  await write(relay, wrote, pieces.subarray(middle, e + 1));
  await write(relay, wrote, pieces.subarray(e + 1));
  await wait(JSON.stringify(`${run}-3`));
  // A frame that ends in "\r\n", with a three-byte "→" in it.
  await write(relay, wrote, Buffer.from(arrow));
  await wait(JSON.stringify(`${run}-4`));

  // A relay that is already gone here quit in the middle of the session.
  const exitedEarly = relay.isClosed;
  const started = Date.now();
  relay.child.stdin!.end();
  const exit = await finish(relay, started, EXIT_MS.through);
  report({
    scenario: 'through',
    patienceMs: EXIT_MS.through,
    exitedEarly,
    wrote: Buffer.concat(wrote).toString('base64'),
    got: Buffer.concat(relay.got).toString('base64'),
    stderr: relay.stderr,
    replies: waits,
    exit,
  });
  return Object.values(waits).every(Boolean);
}

async function clientCloses(firstReplyMs: number): Promise<void> {
  const relay = startRelay([process.execPath, answerOnceFile, '--linger']);
  const request = `{"jsonrpc":"2.0","id":"${run}-last","method":"ping"}\n`;
  relay.child.stdin!.write(request);
  const answered = await until(() => replied(relay, JSON.stringify(`${run}-last`)), firstReplyMs);
  const started = Date.now();
  // The server's last line comes only after this: a relay that waits for its server sees it.
  relay.child.stdin!.end();
  const exit = await finish(relay, started, EXIT_MS['client-closes']);
  report({
    scenario: 'client-closes',
    patienceMs: EXIT_MS['client-closes'],
    answered,
    wrote: Buffer.from(request).toString('base64'),
    got: Buffer.concat(relay.got).toString('base64'),
    stderr: relay.stderr,
    exit,
  });
}

async function serverExits(patienceMs: number): Promise<void> {
  const relay = startRelay([process.execPath, answerOnceFile]);
  const request = `{"jsonrpc":"2.0","id":"${run}-once","method":"ping"}\n`;
  relay.child.stdin!.write(request);
  const started = Date.now();
  // The relay's stdin stays open: only the server's exit can end this session.
  const exit = await finish(relay, started, patienceMs);
  report({
    scenario: 'server-exits',
    patienceMs,
    wrote: Buffer.from(request).toString('base64'),
    got: Buffer.concat(relay.got).toString('base64'),
    stderr: relay.stderr,
    exit,
  });
  relay.child.stdin!.destroy();
}

const repliesCame = await through();
await clientCloses(repliesCame ? FIRST_REPLY_MS : PATIENCE_MS);
// A relay that passed no reply on in the first session will not pass this one on either:
// it gets a shorter wait, so that checking an unfinished relay does not take long.
await serverExits(repliesCame ? EXIT_MS['server-exits'] : EXIT_MS.through);

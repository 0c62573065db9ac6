// The wire console's client program. The harness has a console run of its own
// (sandbox/harness/console-run.ts): the program it is handed starts Paper Trail on stdio,
// behind the tap the harness records with, in Paper Trail's run mode (fixed data, whole
// reads), judged by nothing and belonging to no exercise. The page writes this program with
// the typed lines in it and hands it to the runtime's console().
//
// Each Send runs the whole session again from a fresh Paper Trail: the runtimes have no way
// to feed a running program's stdin, and Paper Trail's run-mode answers do not change, so
// replaying the lines gives the frames a long-lived session would have given. What keeps a
// Send from costing more as the session grows: the page hands in how many lines the server
// wrote after each earlier line the last time, and the program goes on as soon as it has
// heard them, so only the new line waits for quiet.

/**
 * The console run's time limit (CONSOLE_LIMITS) holds this many lines even if every earlier
 * one waited its 2 s in full and the new one its 8 s (see PROGRAM): 19 × 2 + 8 s of 120. The
 * limit would hold more, but each line costs the late Sends a little: at 40 lines bench
 * console-send put the last Send at 0.88× to 1.25× the third on a loaded machine, too near its
 * 1.2× goal to be sure of it.
 */
export const MAX_LINES = 20;
/** The longest a replayed line and a new line wait for the server (PROGRAM's own numbers). */
export const WAITS_MS = { replayed: 2_000, fresh: 8_000 } as const;

// Plain JavaScript, run as an .mjs, so no runtime's Node or page strips anything. The lines
// go out byte for byte as typed, a line that is not JSON included: what Paper Trail does
// with that is part of the lesson. After a line sent before, it waits for as many server
// lines as it heard after that line the last time (HEARD), no longer. After a new line it
// waits for the reply to a request (Paper Trail answers every one; the first also waits for
// it to start, seconds on a busy machine, so up to 8 s, inside the console run's idle
// limit), then for 150 ms of quiet, so that notifications and late replies land where they
// belong in the order.
const PROGRAM = `
const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const replied = new Set();
let heard = 0;
let ended = false;
let pending = '';
let wake = () => {};

const idKey = (line, wantRequest) => {
  try {
    const m = JSON.parse(line);
    if (m === null || typeof m !== 'object' || Array.isArray(m) || !('id' in m) || m.id === null) {
      return undefined;
    }
    return (typeof m.method === 'string') === wantRequest ? JSON.stringify(m.id) : undefined;
  } catch {
    return undefined;
  }
};

server.stdout.setEncoding('utf8');
server.stdout.on('data', (chunk) => {
  pending += chunk;
  for (let end = pending.indexOf('\\n'); end !== -1; end = pending.indexOf('\\n')) {
    const key = idKey(pending.slice(0, end), false);
    pending = pending.slice(end + 1);
    if (key !== undefined) replied.add(key);
    heard++;
  }
  wake();
});
server.on('exit', () => {
  ended = true;
  wake();
});

const until = (done, ms) =>
  new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      wake = () => {};
      resolve();
    };
    const timer = setTimeout(finish, ms);
    wake = () => {
      if (done()) finish();
    };
    wake();
  });

const quiet = async (ms) => {
  for (;;) {
    const before = heard;
    await until(() => heard !== before || ended, ms);
    if (heard === before || ended) return;
  }
};

for (let i = 0; i < LINES.length; i++) {
  const line = LINES[i];
  if (ended) break;
  const before = heard;
  server.stdin.write(line + '\\n');
  const expected = HEARD[i];
  if (typeof expected === 'number') {
    // A line of the last run: what it brought then, it brings now (run-mode data is fixed).
    const wait = i === 0 ? ${WAITS_MS.fresh} : ${WAITS_MS.replayed};
    await until(() => heard - before >= expected || ended, wait);
    continue;
  }
  const key = idKey(line, true);
  if (key !== undefined) await until(() => replied.has(key) || ended, ${WAITS_MS.fresh});
  await quiet(150);
}
server.stdin.end();
`;

const literal = (value: unknown) =>
  JSON.stringify(value).replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/**
 * The program's source with `lines` in it, each a string literal (so no line can break out),
 * and `heard`: for each earlier line, how many lines the server wrote after it in the last
 * run (heardAfterEach of that run's frames); lines past its end are new.
 */
export function consoleProgram(lines: readonly string[], heard: readonly number[] = []): string {
  if (lines.length > MAX_LINES) {
    throw new Error(`The console replays at most ${MAX_LINES} lines; start a new session.`);
  }
  const counts = heard.slice(0, lines.length).map((n) => Math.max(0, Math.floor(n)));
  return [
    "// The wire console's session, written by the page: each line goes to Paper Trail as typed.",
    "import { spawn } from 'node:child_process';",
    '',
    `const LINES = ${literal(lines)};`,
    `const HEARD = ${literal(counts)};`,
    PROGRAM,
  ].join('\n');
}

/**
 * For each line the console sent (client → server frames, in order), how many server lines
 * followed it before the next: what the next replay waits for after each of them.
 */
export function heardAfterEach(dirs: Iterable<'c2s' | 's2c'>): number[] {
  const counts: number[] = [];
  for (const dir of dirs) {
    if (dir === 'c2s') counts.push(0);
    else if (counts.length > 0) counts[counts.length - 1]!++;
  }
  return counts;
}

// Read-only driver: runs your client three times, each time against Paper Trail set up to
// answer initialize differently, and reports how each run went. It prints one "@@scenario"
// line per run on its stdout for the checker; your client's own output is shown on stderr.
// Run: node drive.ts <server command> [args...]
// (from the course's folder: node drive.ts npm run --silent paper-trail --, where the final
// "--" hands the flags the driver appends to Paper Trail rather than to npm)
//
//   A  Paper Trail as it ships: it accepts your offer.
//   B  --versions 2025-06-18,<old>: it answers 2025-06-18, an older version your client speaks.
//   C  --versions <old>: it answers <old>, a version your client does not speak.
//
// In a check run the server command carries --seed N, and <old> (2025-03-26 or 2024-10-07,
// never the lesson's 2024-11-05) comes from it; runs A and B ask your client for different
// orders (A for PT-1017, B for PT-1041), so no one order id passes both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverCommand = process.argv.slice(2);

/** A client that has not finished this long after it started is stopped. */
const SCENARIO_MS = 10_000;
/** Room for the tap to record the last bytes of one run before the next one starts. */
const SETTLE_MS = 150;

/** Check runs answer one of these in run C; a plain run answers the lesson's 2024-11-05. */
const OLD_VERSIONS = ['2025-03-26', '2024-10-07'];

function seedOf(argv: string[]): number | undefined {
  const at = argv.indexOf('--seed');
  const seed = at === -1 ? NaN : Number(argv[at + 1]);
  return Number.isInteger(seed) ? seed : undefined;
}

const seed = seedOf(serverCommand);
const old = seed === undefined ? '2024-11-05' : OLD_VERSIONS[seed % OLD_VERSIONS.length];
/** The order each run asks for: a plain run asks for the lesson's PT-1041 first. */
const ORDERS: Record<Scenario['name'], string> =
  seed === undefined
    ? { A: 'PT-1041', B: 'PT-1017', C: 'PT-1041' }
    : { A: 'PT-1017', B: 'PT-1041', C: 'PT-1017' };

interface Scenario {
  name: 'A' | 'B' | 'C';
  /** What Paper Trail is told to accept; absent: every version its SDK speaks. */
  versions?: string[];
  about: string;
}

const scenarios: Scenario[] = [
  { name: 'A', about: 'a server that accepts your offer' },
  {
    name: 'B',
    versions: ['2025-06-18', old],
    about: 'a server that answers 2025-06-18, which your client speaks',
  },
  {
    name: 'C',
    versions: [old],
    about: `a server that answers ${old}, which your client does not speak`,
  },
];

// Your client runs as client.ts, or as its stripped twin client.js where Node cannot run
// TypeScript (the harness keeps only the twin there).
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const clientFile = existsSync(here('./client.ts')) ? here('./client.ts') : here('./client.js');
const nodeFlags = clientFile.endsWith('.js') ? ['--enable-source-maps'] : [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function report(line: object): void {
  process.stdout.write('@@scenario ' + JSON.stringify(line) + '\n');
}

async function runScenario(s: Scenario): Promise<void> {
  process.stdout.write('@@start ' + JSON.stringify({ name: s.name }) + '\n');
  process.stderr.write(`\n── ${s.name}: ${s.about} (order ${ORDERS[s.name]}) ──\n`);
  // The checker splits the recording where this line was printed: let it land first.
  await sleep(SETTLE_MS);
  const server = [...serverCommand, ...(s.versions ? ['--versions', s.versions.join(',')] : [])];
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeFlags, clientFile, ORDERS[s.name], ...server], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    stdout += text;
    process.stderr.write(text);
  });
  child.stderr.on('data', (text: string) => {
    stderr += text;
    process.stderr.write(text);
  });
  let stopped = false;
  const timer = setTimeout(() => {
    stopped = true;
    child.kill('SIGKILL');
  }, SCENARIO_MS);
  const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      stderr += String(error);
      resolve({ code: null, signal: null });
    });
  });
  clearTimeout(timer);
  const ms = Date.now() - started;
  await sleep(SETTLE_MS);
  report({
    name: s.name,
    versions: s.versions ?? null,
    order: ORDERS[s.name],
    exit,
    stopped,
    ms,
    stdout,
    stderr,
  });
}

for (const s of scenarios) await runScenario(s);

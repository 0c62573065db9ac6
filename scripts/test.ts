// `npm test [-- --full]`: every test, in lanes. First what the machine must have (in about a
// second, so a missing piece is named at once instead of after minutes of failing tests);
// then the static checks (types, lint) beside the site build and the unit tests, which start
// processes and so want the cores to themselves only after the static lane is done with one;
// then the browser tests. Each lane's time is printed at the end. `--full` adds the live lane:
// every fixture runs live and is compared with its record (tests/exercises/recorded.ts).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { recordStates } from '../sandbox/cli/record-fixtures.ts';
import { machineProblems } from '../tests/setup/preconditions.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));

interface Step {
  name: string;
  script: string;
}

interface Lane {
  name: string;
  steps: Step[];
  /** Its output is held and shown when it ends, so that two lanes never interleave lines. */
  quiet: boolean;
}

interface Timed {
  name: string;
  ms: number;
  ok: boolean;
}

const full = process.argv.includes('--full');

const STATIC: Lane = {
  name: 'static',
  quiet: true,
  // Lint first: astro check writes .astro/ as the build does, so it waits for the build.
  steps: [
    { name: 'lint (eslint, prettier)', script: 'lint' },
    { name: 'check (astro check, tsc)', script: 'check' },
  ],
};

const TESTS: Lane = {
  name: 'tests',
  quiet: false,
  steps: [
    { name: 'build', script: 'build' },
    {
      name: full ? 'unit and integration, fixtures live' : 'unit and integration',
      script: 'test:unit',
    },
    { name: 'browser', script: 'test:e2e' },
  ],
};

function runScript(
  script: string,
  quiet: boolean,
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; output: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script], {
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', (err) => done({ ok: false, output: `${output}${err.message}\n` }));
    child.on('close', (code) => done({ ok: code === 0, output }));
  });
}

async function runLane(lane: Lane, env: NodeJS.ProcessEnv, times: Timed[]): Promise<boolean> {
  for (const step of lane.steps) {
    const started = performance.now();
    const { ok, output } = await runScript(step.script, lane.quiet, env);
    times.push({ name: `${lane.name}: ${step.name}`, ms: performance.now() - started, ok });
    if (lane.quiet) process.stdout.write(output);
    if (!ok) {
      process.stderr.write(`test: ${lane.name} lane: npm run ${step.script} failed\n`);
      return false;
    }
  }
  return true;
}

/** How the exercise fixtures will be judged: from their records, or live, and why. */
function recordsLine(): string {
  const { counts, changed } = recordStates(REPO);
  const line =
    `test: exercise fixtures: ${counts.current} judged from their records, ` +
    `${counts.live} live each time (they end at a limit)` +
    (full ? '; --full: every one runs live and is compared with its record' : '');
  if (changed.length === 0) return `${line}\n`;
  return (
    `${line}\ntest: ${counts.changed + counts.missing} run live because their records are ` +
    `out of date or missing; record them again: ` +
    changed.map((id) => `npm run --silent exercise -- fixtures ${id} --record`).join('; ') +
    '\n'
  );
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(0).padStart(5)} s`;
}

async function main(): Promise<number> {
  const problems = await machineProblems({ chromium: true });
  if (problems.length > 0) {
    process.stderr.write(`test: this machine cannot run the tests:\n- ${problems.join('\n- ')}\n`);
    return 1;
  }
  process.stdout.write(recordsLine());
  const env = { ...process.env, ...(full ? { MCPW_FIXTURES: 'live' } : {}) };
  const started = performance.now();
  const times: Timed[] = [];
  const lanes = await Promise.all([runLane(STATIC, env, times), runLane(TESTS, env, times)]);
  const total = performance.now() - started;
  process.stdout.write('\ntest: lane times\n');
  for (const t of times)
    process.stdout.write(`  ${seconds(t.ms)}  ${t.ok ? '✓' : '✗'} ${t.name}\n`);
  process.stdout.write(`  ${seconds(total)}    all lanes, side by side\n`);
  return lanes.every(Boolean) ? 0 : 1;
}

process.exitCode = await main();

// `npm run bench`: first the speed, memory and weight goals, each printed as "measure: value (goal)" with
// its baseline measured in the same run, then the detailed figures of every
// bench/*.bench.ts, each in its own process so that one benchmark's memory or timers never
// colour another's. `npm run bench -- WORD` runs only the goals and files whose names hold
// WORD; a slow goal runs only with its flag (`npm run bench -- --scale`).
//
// To add a goal: export a Goal (bench/goal.ts) from a file of its own, import it here and add
// it to GOALS.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Goal, GoalLine } from './goal.ts';
import { checkLatency } from './check-latency.goal.ts';
import { browserCheck } from './browser-check.goal.ts';
import { captureCheck } from './capture-check.goal.ts';
import { buildScale } from './build-scale.goal.ts';
import { weight } from './weight.goal.ts';
import { viewer } from './viewer.goal.ts';
import { lessonHtml } from './lesson-html.goal.ts';
import { watchRecheck } from './watch.goal.ts';
import { consoleSend } from './console-send.goal.ts';

const GOALS: readonly Goal[] = [
  checkLatency, // a check from the command line
  watchRecheck, // a re-check in watch mode after a save
  browserCheck, // a check in the browser (local runtime)
  captureCheck, // capture --check
  buildScale, // a course of 50 lessons (--scale)
  lessonHtml, // a lesson page's bytes in inline styles
  weight, // runtime, workbench start, boot failure
  viewer, // a 10,000-frame capture in the viewer
  consoleSend, // the wire console's Send, late in a session against early
];

const dir = fileURLToPath(new URL('.', import.meta.url));
const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a.startsWith('--')).map((a) => a.slice(2)));
const only = argv.filter((a) => !a.startsWith('--'));
const wanted = (name: string) => only.length === 0 || only.some((o) => name.includes(o));

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
console.log(
  `load average ${load} (1, 5, 15 min) on ${availableParallelism()} cores, Node ${process.version}`,
);

let failed = 0;
const printed: string[] = [];
const say = (line: GoalLine) => {
  const mark = line.met === undefined ? '' : line.met ? '  [met]' : '  [NOT met]';
  const text = `${line.measure}: ${line.value} (goal ${line.goal})${mark}`;
  printed.push(text);
  console.log(text);
  console.log(`    baseline: ${line.baseline}`);
};

console.log('\n## goals');
for (const goal of GOALS.filter((g) => wanted(g.name))) {
  if (goal.slow && !flags.has(goal.slow.flag)) {
    const text = `${goal.name}: not measured (run \`npm run bench -- --${goal.slow.flag}\`, ${goal.slow.takes})`;
    printed.push(text);
    console.log(text);
    continue;
  }
  try {
    for (const line of await goal.measure()) say(line);
  } catch (err) {
    failed++;
    const text = `${goal.name}: FAILED to measure: ${(err as Error).message}`;
    printed.push(text);
    console.log(text);
  }
}

const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter(wanted)
  .sort();
for (const file of files) {
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, [dir + file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}

if (printed.length > 0)
  console.log(`\n## summary (load average now ${loadavg()[0]!.toFixed(2)})\n${printed.join('\n')}`);
process.exit(failed === 0 ? 0 : 1);

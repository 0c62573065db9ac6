// The harness as a program, as the local runtime endpoint starts it for every run (what it
// does and takes: main-command.ts). The composition root: it hands the course's checks to
// the engine (see ARCHITECTURE.md). Everything else is imported after Node's compile cache
// is on, and the checks load once the program has started, as in sandbox/cli/exercise.ts
// (on standby, before the run: standby-args.ts).
import { useCompileCache } from './compile-cache.ts';
import { exitOnSignals } from './signals.ts';
import { closeSync, writeSync } from 'node:fs';
import { STANDBY_FLAG, standbyArgs, TAKEN, TAKEN_FD } from './standby-args.ts';

// Killed from outside (the local runtime stopping a run), still clean up (see signals.ts).
exitOnSignals({ watchParent: true });
useCompileCache();
const checks = () => import('../course/exercise-checks.ts').then((m) => m.checks);
const { harnessMain, warmUp } = await import('./main-command.ts');
const argv = process.argv.slice(2);
if (argv[0] !== STANDBY_FLAG) {
  await harnessMain(argv, checks);
} else {
  // Started ahead of its run (standby-args.ts): the engine is loaded by now, and the course's
  // checks load while it waits, rather than beside the learner's program, slowing it.
  const loading = checks();
  loading.catch(() => {}); // a failure shows when the run judges
  warmUp();
  const args = await standbyArgs(process.stdin);
  process.stdin.destroy();
  if (args) {
    writeSync(TAKEN_FD, TAKEN);
    closeSync(TAKEN_FD);
    await harnessMain(args, loading);
  }
}

// The harness as a program, as the local runtime endpoint starts it for every run (what it
// does and takes: main-command.ts). The composition root: it hands the course's checks to
// the engine (see ARCHITECTURE.md). Everything else is imported after Node's compile cache
// is on, and the checks load once the program has started, as in sandbox/cli/exercise.ts.
import { useCompileCache } from './compile-cache.ts';
import { exitOnSignals } from './signals.ts';

// Killed from outside (the local runtime stopping a run), still clean up (see signals.ts).
exitOnSignals({ watchParent: true });
useCompileCache();
const checks = () => import('../../exercises/registry.ts').then((m) => m.checks);
const { harnessMain } = await import('./main-command.ts');
await harnessMain(process.argv.slice(2), checks);

// `npm run --silent exercise -- ...` (what it does: exercise-command.ts). The composition
// root: it hands the course's checks to the engine (see ARCHITECTURE.md). Everything else is
// imported after Node's compile cache is on, so that a check does not compile zod, the
// harness and the checks afresh every time it starts.
import { useCompileCache } from '../harness/compile-cache.ts';
import { exitOnSignals } from '../harness/signals.ts';

// Ctrl-C on a check must not leave the learner's program running (see signals.ts).
exitOnSignals({ watchParent: true });
useCompileCache();
// The checks are needed only to judge: they load once the program has started.
const checks = () => import('../course/exercise-checks.ts').then((m) => m.checks);
const { exerciseCommand } = await import('./exercise-command.ts');
process.exitCode = await exerciseCommand(process.argv.slice(2), checks);

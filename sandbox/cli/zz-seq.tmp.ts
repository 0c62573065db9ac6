import { useCompileCache } from '../harness/compile-cache.ts';
import { exitOnSignals } from '../harness/signals.ts';
exitOnSignals({ watchParent: true });
useCompileCache();
const { checks } = await import('../../exercises/registry.ts');
const { exerciseCommand } = await import('./exercise-command.ts');
process.exitCode = await exerciseCommand(process.argv.slice(2), checks);

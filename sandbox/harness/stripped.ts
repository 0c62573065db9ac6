// Where the container's Node cannot strip types (RunOptions.stripped), every .ts of the work
// folder is there as its plain .js twin (sandbox/strip/), and nothing else: whatever the
// harness hands Node must name the twin. Source maps on, so a stack trace names the
// learner's .ts wherever that Node honours them; line numbers match either way.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { jsTwin } from '../strip/twin.ts';

/** Node's arguments that run `file` of the work folder. */
export function nodeArgsFor(work: string, file: string, stripped: boolean): string[] {
  return stripped ? ['--enable-source-maps', join(work, jsTwin(file))] : [join(work, file)];
}

/** A program argument that names a .ts of the work folder, as the file that is there. */
export function programArg(work: string, arg: string, stripped: boolean): string {
  const twin = jsTwin(arg);
  return stripped && twin !== arg && existsSync(join(work, twin)) ? twin : arg;
}

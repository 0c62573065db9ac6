// Before a learner's own command (--cmd) runs: is there a program by its first word? A shell
// says "not found" and exits 127, which a check would report as a crash of the learner's
// code, and without a namespace Node's spawn fails, which would read as the harness's fault.
// Said up front instead, as a mistake in what was typed.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

function runnable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Why the command's program cannot start, or undefined when it can: a path is looked up in
 * `folder` (where the command runs, in a copy), a bare name on `path` (the PATH it runs with).
 */
export function missingProgram(
  words: readonly string[],
  folder: string,
  path: string | undefined,
): string | undefined {
  const program = words[0]!;
  if (program.includes('/')) {
    const at = isAbsolute(program) ? program : resolve(folder, program);
    if (runnable(at)) return undefined;
    return `--cmd: ${program} is not a program that can run (looked for ${at}); give the interpreter first, e.g. --cmd "python3 ${program}"`;
  }
  const dirs = (path ?? '').split(delimiter).filter(Boolean);
  if (dirs.some((dir) => runnable(join(dir, program)))) return undefined;
  return `--cmd: there is no program called ${program} on your PATH; install it, or give its full path`;
}

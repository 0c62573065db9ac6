// The exercise CLI as a learner runs it, for the hostile tests.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = fileURLToPath(new URL('../../sandbox/cli/exercise.ts', import.meta.url));

export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url));
}

/** `exercise check <id> --dir <fixture>`, bounded so that a hang fails the test instead. */
export function checkDir(id: string, dir: string, ...flags: string[]) {
  return checkDirWith({}, id, dir, ...flags);
}

/** checkDir with these variables added to the CLI's environment. */
export function checkDirWith(env: NodeJS.ProcessEnv, id: string, dir: string, ...flags: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'check', id, '--dir', dir, ...flags], {
    encoding: 'utf8',
    cwd: ROOT,
    env: { ...process.env, ...env },
    timeout: 30_000,
    killSignal: 'SIGINT',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

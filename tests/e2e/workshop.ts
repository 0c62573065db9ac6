// Starts `npm run workshop` (the real CLI, on a free port) for browser tests, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningWorkshop {
  url: string;
  origin: string;
  close(): Promise<void>;
}

export async function startWorkshopCli(args: string[] = []): Promise<RunningWorkshop> {
  if (!existsSync(REPO + 'dist/exercises/raw-client/index.html')) {
    throw new Error('No built site: run `npm run build` before the e2e tests.');
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [REPO + 'sandbox/workshop/main.ts', '--port', '0', ...args],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Even if a test dies before its afterAll, the server must not outlive the test run.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (b: Buffer) => {
      log += b.toString();
      const m = /Workshop server on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(log);
      if (m) resolve(m[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => (log += b.toString()));
    child.once('exit', (code) => reject(new Error(`workshop exited (${code}): ${log}`)));
  });
  return {
    url,
    origin: url.replace(/\/$/, ''),
    close: () =>
      new Promise<void>((resolve) => {
        process.off('exit', orphanGuard);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

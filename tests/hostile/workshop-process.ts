// The real `npm run workshop` program as a child process, on a free port, serving a small
// stand-in for dist/. A hostile request that crashes the server, or a signal that stops it,
// shows here as the process exiting, which an in-process server would hide (or take the test
// runner down with it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawRequest } from '../runtime/http.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface WorkshopProcess {
  child: ChildProcess;
  /** The server's origin, without a trailing slash. */
  origin: string;
  port: number;
  token: string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything it printed, for failure messages. */
  log(): string;
  /** Kills it if it still runs and removes the stand-in site. */
  dispose(): Promise<void>;
}

export async function startWorkshopProcess(args: string[] = []): Promise<WorkshopProcess> {
  const dist = mkdtempSync(join(tmpdir(), 'mcpw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>');
  mkdirSync(join(dist, 'lessons'));
  writeFileSync(join(dist, 'lessons', 'index.html'), '<!doctype html><title>lessons</title>');

  const child = spawn(
    process.execPath,
    [join(REPO, 'sandbox/workshop/main.ts'), '--port', '0', '--dist', dist, ...args],
    // Its own process group, as a terminal gives it: what it starts is told apart from
    // the test runner's processes by group as well as by parent.
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  // A test that dies before its afterAll must not leave a server behind.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  let log = '';
  child.stdout.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr.on('data', (b: Buffer) => (log += b.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );

  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`workshop did not start:\n${log}`)), 15_000);
    child.stdout.on('data', () => {
      const m = /Workshop server on (http:\/\/127\.0\.0\.1:\d+)\//.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((how) => reject(new Error(`workshop exited (${how}):\n${log}`)));
  });
  const port = Number(new URL(origin).port);
  const tokenAnswer = await rawRequest(`${origin}/__runtime/token`, {
    headers: { host: `127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
  });
  const token =
    tokenAnswer.status === 200 ? (JSON.parse(tokenAnswer.body) as { token: string }).token : '';

  return {
    child,
    origin,
    port,
    token,
    exited,
    log: () => log,
    async dispose() {
      process.off('exit', orphanGuard);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

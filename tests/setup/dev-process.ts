// The real `npm start` (astro dev) as a child process on a free loopback port, with the
// token its page would get, for tests that use its runtime endpoint or stop it mid-run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { rawRequest } from '../runtime/http.ts';
import { devServerTurn } from './dev-server-turn.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface DevProcess {
  child: ChildProcess;
  origin: string;
  token: string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  log(): string;
  /** Kills its process group if it still runs. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** vitest's environment (NODE_ENV=test, VITEST*) would make Astro behave unlike `npm start`. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k === 'NODE_ENV' || k.startsWith('VITEST')) delete env[k];
  return env;
}

export async function startDevProcess(): Promise<DevProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const astro = `${REPO}node_modules/astro/bin/astro.mjs`;
  const giveBack = await devServerTurn();
  // Its own process group, as a terminal gives it; signals in the tests go to it alone.
  const child = spawn(
    process.execPath,
    // --ignore-lock: neither take nor heed Astro's lock file, which a dev server killed outright
    // leaves behind; one test at a time starts a dev server anyway (devServerTurn).
    [astro, 'dev', '--port', String(port), '--host', '127.0.0.1', '--ignore-lock'],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: cleanEnv() },
  );
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  let log = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  void exited.then(giveBack);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`astro dev did not start:\n${log}`)), 60_000);
    const onData = (b: Buffer) => {
      log += b.toString();
      // Astro prints the URL once the server listens and the integration hooks have run.
      if (log.includes(`${origin}/`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((how) => reject(new Error(`astro dev exited (${how}):\n${log}`)));
  });
  const res = await rawRequest(`${origin}/__runtime/token`, {
    headers: { host: `127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
  });
  const token = (JSON.parse(res.body) as { token: string }).token;
  return {
    child,
    origin,
    token,
    exited,
    log: () => log,
    async dispose() {
      process.off('exit', orphanGuard);
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      await exited;
    },
  };
}

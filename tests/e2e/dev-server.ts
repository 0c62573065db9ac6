// `npm start` (astro dev) for a browser test, as a newcomer gets it on a fresh clone: on a
// free loopback port, with a Vite dependency cache of its own that starts empty, and without
// Astro's content data store (.astro/, gitignored), which a first start writes. Its whole
// process group is stopped afterwards, and the cache folder removed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './workshop.ts';

export interface DevServer {
  url: string;
  /** Everything the server printed so far. */
  log(): string;
  close(): Promise<void>;
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

export async function startDevServer(): Promise<DevServer> {
  const port = await freePort();
  const cacheDir = mkdtempSync(join(tmpdir(), 'mcpw-vite-cache-'));
  // Rewritten by every start that finds it missing or stale; writing it is what asked the
  // first page of a fresh clone to reload.
  rmSync(join(REPO, '.astro/data-store.json'), { force: true });
  // vitest's NODE_ENV=test and VITEST* would make Astro behave unlike `npm start`.
  const env: NodeJS.ProcessEnv = { ...process.env, MCPW_VITE_CACHE_DIR: cacheDir };
  for (const k of Object.keys(env)) if (k === 'NODE_ENV' || k.startsWith('VITEST')) delete env[k];
  const child = spawn(
    process.execPath,
    [
      join(REPO, 'node_modules/astro/bin/astro.mjs'),
      'dev',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      // Neither take nor heed Astro's lock file: a dev server a test kills outright leaves it
      // behind (the browser tests start one dev server, after the other tests have ended).
      '--ignore-lock',
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env },
  );
  const url = `http://127.0.0.1:${port}/`;
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`astro dev did not start:\n${log}`)), 90_000);
    const onData = (b: Buffer) => {
      log += b.toString();
      if (log.includes(url)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`astro dev exited:\n${log}`)));
  });
  return {
    url,
    log: () => log,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // Already gone.
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Gone after SIGTERM.
        }
      }
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

// vitest globalSetup, first of all: what the suite needs from this machine, checked in well
// under a second. Without it a missing piece makes the run slow instead of red: every test
// that spawns the Node 22 stand-in gets ENOENT and waits out its limit before failing.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { NODE22 } from '../runtime/node22.ts';

export interface Machine {
  /** The Node running the tests (npm scripts get the pinned Node 24). */
  nodeVersion: string;
  /** The Node 22 binary the WebContainer stand-in runs learner code with. */
  node22: string;
  /** Chromium, for the browser tests only. */
  chromium?: string;
  /**
   * The python3 the tests of programs in other languages run (--cmd), as found on PATH
   * (null: not found); the unit and integration tests ask for it, the browser tests do not.
   */
  python3?: string | null;
}

/** Where `name` is on PATH, or null. */
export function onPath(name: string, path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const at = join(dir, name);
    try {
      accessSync(at, constants.X_OK);
      return at;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/** What this machine lacks for the suite, one sentence each that names it and its remedy. */
export function missingPreconditions(machine: Machine): string[] {
  const missing: string[] = [];
  if (!machine.nodeVersion.startsWith('24.')) {
    missing.push(
      `the tests run on Node ${machine.nodeVersion}, expected 24: run them through npm ` +
        '(npm test, npm run test:unit), which puts the pinned node dev dependency first',
    );
  }
  const node22 = versionOf(machine.node22);
  if (node22 === undefined) {
    missing.push(
      `the Node 22 stand-in is missing at ${machine.node22}: run npm ci, which installs ` +
        'the mcpw-node22 package (tests/runtime/node22)',
    );
  } else if (!node22.startsWith('v22.')) {
    missing.push(`the Node 22 stand-in at ${machine.node22} is ${node22}, expected v22`);
  }
  if (machine.python3 === null) {
    missing.push(
      'python3 is not on PATH, and the tests of learner programs written in Python need it: ' +
        'apt-get install -y python3 (.ci/run does this where it is missing)',
    );
  } else if (machine.python3 !== undefined && !/^Python 3\./.test(pythonVersion(machine.python3))) {
    missing.push(
      `${machine.python3} is not a Python 3 (it says "${pythonVersion(machine.python3)}")`,
    );
  }
  if (machine.chromium !== undefined && !existsSync(machine.chromium)) {
    missing.push(
      `Chromium is missing at ${machine.chromium}: apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH)',
    );
  }
  return missing;
}

function versionOf(node: string): string | undefined {
  if (!existsSync(node)) return undefined;
  const run = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

function pythonVersion(python: string): string {
  const run = spawnSync(python, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const said = `${run.stdout}${run.stderr}`.trim().split('\n')[0] ?? '';
  return run.status === 0 ? said : `exit ${run.status}`;
}

/** Whether a loopback port can be had: every test server and dev server asks for one. */
function loopbackPort(): Promise<string | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', (err) =>
      done(`no loopback port can be opened (${err.message}): the tests serve on 127.0.0.1`),
    );
    server.listen(0, '127.0.0.1', () => server.close(() => done(undefined)));
  });
}

/**
 * Everything `npm test` needs from this machine, before any lane starts: this Node, the
 * Node 22 stand-in, python3, a loopback port, and Chromium when the browser tests will run.
 */
export async function machineProblems(want: { chromium: boolean }): Promise<string[]> {
  const { CHROMIUM } = await import('../e2e/browser.ts');
  const port = await loopbackPort();
  return [
    ...missingPreconditions({
      nodeVersion: process.versions.node,
      node22: NODE22,
      python3: onPath('python3'),
      ...(want.chromium ? { chromium: CHROMIUM } : {}),
    }),
    ...(port ? [port] : []),
  ];
}

export function failOnMissing(machine: Machine): void {
  const missing = missingPreconditions(machine);
  if (missing.length > 0) {
    throw new Error(`this machine cannot run the tests:\n- ${missing.join('\n- ')}`);
  }
}

export default function setup(): void {
  failOnMissing({ nodeVersion: process.versions.node, node22: NODE22, python3: onPath('python3') });
}

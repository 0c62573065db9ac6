// The suite's preconditions name what a machine lacks; the real machine lacks nothing.
import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NODE22 } from '../runtime/node22.ts';
import { missingPreconditions, onPath } from './preconditions.ts';

const HERE = { nodeVersion: process.versions.node, node22: NODE22, python3: onPath('python3') };

describe('the suite preconditions', () => {
  it('find nothing missing on this machine', () => {
    expect(missingPreconditions(HERE)).toEqual([]);
  });

  it('name a missing Node 22 stand-in, a wrong Node and a missing Chromium', () => {
    const missing = missingPreconditions({
      nodeVersion: '20.19.0',
      node22: '/nowhere/node',
      chromium: '/nowhere/chromium',
    });
    expect(missing).toHaveLength(3);
    expect(missing[0]).toMatch(/Node 20\.19\.0, expected 24/);
    expect(missing[1]).toMatch(/Node 22 stand-in is missing at \/nowhere\/node: run npm ci/);
    expect(missing[2]).toMatch(/Chromium is missing at \/nowhere\/chromium/);
  });

  it('name a python3 missing from PATH, and one that is no Python 3', () => {
    expect(onPath('python3', '/nowhere')).toBeNull();
    expect(missingPreconditions({ ...HERE, python3: null })).toEqual([
      expect.stringMatching(/^python3 is not on PATH.*apt-get install -y python3/),
    ]);
    // A program that answers --version, but not as a Python 3.
    expect(missingPreconditions({ ...HERE, python3: '/bin/true' })).toEqual([
      expect.stringMatching(/^\/bin\/true is not a Python 3 \(it says "true \(GNU coreutils\)/),
    ]);
  });

  it('refuse a stand-in that is not Node 22', () => {
    expect(missingPreconditions({ ...HERE, node22: process.execPath })).toEqual([
      `the Node 22 stand-in at ${process.execPath} is v${process.versions.node}, expected v22`,
    ]);
  });

  it('stop a whole vitest run before any test when the stand-in is gone', () => {
    // The real config, the stand-in's path pointing nowhere: the run ends red, naming it,
    // without starting the test it was asked for.
    const run = spawnSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        'tests/setup/preconditions.test.ts',
        '-t',
        'this machine',
      ],
      { encoding: 'utf8', timeout: 60_000, env: { ...process.env, MCPW_NODE22: '/nowhere/node' } },
    );
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/Node 22 stand-in is missing at \/nowhere\/node/);
    expect(run.stdout + run.stderr).not.toMatch(/find nothing missing on this machine/);
  });
});

describe('npm test on a machine without the Node 22 stand-in', () => {
  it('stops before any lane starts, naming what is missing', () => {
    // scripts/test.ts is what `npm test` runs; given 30 s, it must be done long before.
    const run = spawnSync(process.execPath, ['scripts/test.ts'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, MCPW_NODE22: '/nowhere/node' },
    });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain('test: this machine cannot run the tests:');
    expect(run.stderr).toMatch(/Node 22 stand-in is missing at \/nowhere\/node: run npm ci/);
    expect(run.stdout).not.toContain('lane times');
  });
});

describe('the leftover sweep after a setup that never ran', () => {
  it('kills nothing: without its list of what ran before, everything would look like ours', async () => {
    // A fresh copy of the module, never set up: as vitest leaves it when an earlier global
    // setup throws. The sleeper, started in this folder, is what it would have taken.
    const { teardown } = await import('./no-leftovers.ts');
    const sleeper = spawn('sleep', ['30'], { cwd: process.cwd(), stdio: 'ignore' });
    try {
      await teardown();
      expect(sleeper.exitCode).toBe(null);
      expect(sleeper.signalCode).toBe(null);
      expect(process.kill(sleeper.pid!, 0)).toBe(true);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

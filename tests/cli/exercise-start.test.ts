// `npm run exercise` starts at sandbox/cli/exercise.mjs, which turns Node's compile cache on
// before any TypeScript is read, in the folder compile-cache.ts names, so that a learner's
// shell (which names no cache) gets a check without Node's type stripper loading.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { compileCacheEnv } from '../../sandbox/harness/compile-cache.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** `list` from a learner's shell: no compile cache named, and a fresh TMPDIR. */
function listFromShell(extra: NodeJS.ProcessEnv = {}) {
  scratch = mkdtempSync(join(tmpdir(), 'mcpw-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: scratch, ...extra };
  delete env.NODE_COMPILE_CACHE;
  return spawnSync(process.execPath, ['sandbox/cli/exercise.mjs', 'list'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run exercise', () => {
  it('runs exercise.mjs, which is the start of the script', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.exercise).toBe('node sandbox/cli/exercise.mjs');
  });

  it('fills the compile cache compile-cache.ts names, from a shell that names none', () => {
    const r = listFromShell();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^raw-client\s/m);
    const folder = basename(compileCacheEnv({}).NODE_COMPILE_CACHE!);
    expect(readdirSync(scratch!)).toEqual([folder]);
    expect(readdirSync(join(scratch!, folder)).length).toBeGreaterThan(0);
  });

  it('leaves the cache off when NODE_DISABLE_COMPILE_CACHE is set', () => {
    const r = listFromShell({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(scratch!)).toEqual([]);
  });
});

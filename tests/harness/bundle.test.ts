// main.ts must bundle into one .mjs with esbuild (the runtimes ship it that way) and the
// bundle must work without the sources next to it: it is its own tap and Paper Trail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let dir = '';
let bundle = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'harness-bundle-'));
  bundle = join(dir, 'harness.mjs');
  await build({
    entryPoints: [join(ROOT, 'sandbox/harness/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'silent',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundled harness', () => {
  it('checks the raw-client solution with Paper Trail served from the bundle', () => {
    const r = spawnSync(
      process.execPath,
      [
        bundle,
        '--exercise',
        'raw-client',
        '--solution',
        '--mode',
        'check',
        '--exercises-root',
        join(ROOT, 'exercises'),
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status).toBe(0);
    const done = JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!);
    expect(done).toMatchObject({ type: 'done', verdict: 'completed', passed: true });
  });
});

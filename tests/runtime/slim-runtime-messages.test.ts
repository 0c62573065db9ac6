// The container's packages are slimmed (one zod without its locale tables, Zod 3 paths
// stubbed, one ajv: sandbox/runtime/build/bundle.ts). A learner must not be able to tell: the same
// program, run against the installed packages and against the bundled ones, prints the same
// zod, SDK and ajv messages for the same bad inputs (fixtures/learner-messages.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import type { RuntimeManifest } from '../../sandbox/runtime/shared/manifest.ts';
import { repo } from './webcontainer-fixture.ts';

const program = readFileSync(new URL('fixtures/learner-messages.mjs', import.meta.url), 'utf8');
let dir: string;
let manifest: RuntimeManifest;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpw-slim-'));
  const r = await bundleRuntime({
    outDir: join(dir, 'out'),
    exercisesRoot: repo,
  });
  manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8')) as RuntimeManifest;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(folder: string): string {
  writeFileSync(join(folder, 'program.mjs'), program);
  return execFileSync(process.execPath, ['program.mjs'], { cwd: folder, encoding: 'utf8' });
}

it('prints the same error messages with the bundled packages as with the installed ones', () => {
  const slim = join(dir, 'slim');
  for (const [path, text] of Object.entries(manifest.files)) {
    if (!path.startsWith('node_modules/') && path !== 'package.json') continue;
    mkdirSync(dirname(join(slim, path)), { recursive: true });
    writeFileSync(join(slim, path), text);
  }
  const full = join(dir, 'full');
  mkdirSync(full);
  symlinkSync(join(repo, 'node_modules'), join(full, 'node_modules'));
  writeFileSync(join(full, 'package.json'), '{"type":"module"}');

  const expected = run(full);
  expect(expected).toContain('Input validation error');
  expect(expected).toContain('must NOT have additional properties');
  expect(run(slim)).toBe(expected);
});

it('mounts one zod and one ajv, without locale tables', () => {
  const code = Object.entries(manifest.files)
    .filter(([path]) => /\.m?js$/.test(path) && !path.startsWith('exercises/'))
    .map(([, text]) => text)
    .join('\n');
  const count = (text: string) => code.split(text).length - 1;
  // A message of zod's English locale, and one of ajv's, each written once per copy.
  expect(count('Invalid number: must be a multiple of ')).toBe(1);
  expect(count('must NOT have additional properties')).toBe(1);
  // Any other locale, such as German, whose tables say "Ungültig" where English says "Invalid".
  const german = readFileSync(join(repo, 'node_modules/zod/v4/locales/de.js'), 'utf8');
  expect(german).toContain('Ungültig');
  expect(count('Ungültig')).toBe(0);
});

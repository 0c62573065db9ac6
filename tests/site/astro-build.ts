// Builds a small Astro project copied into a temp dir, with the repo's node_modules,
// components/ and sandbox/ linked in, so tests exercise the real components and config
// through a real `astro build`.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');

export interface BuildResult {
  root: string;
  code: number | null;
  output: string;
  cleanup(): Promise<void>;
}

/**
 * @param fixture folder under tests/fixtures/site/projects/ copied as the project root
 * @param extra repo-relative files to copy into the same relative place (e.g. src/content.config.ts)
 * @param write files to create, by project-relative path. Pages that import the linked
 *   components live here rather than in the fixture folder, where their imports would not
 *   resolve for the type checker.
 */
export async function buildFixture(
  fixture: string,
  extra: string[] = [],
  write: Record<string, string> = {},
): Promise<BuildResult> {
  const root = await mkdtemp(join(tmpdir(), `site-${fixture}-`));
  await cp(join(REPO, 'tests/fixtures/site/projects', fixture), root, { recursive: true });
  for (const file of extra) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await cp(join(REPO, file), join(root, file));
  }
  for (const [file, text] of Object.entries(write)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
  }
  for (const dir of ['node_modules', 'components', 'sandbox']) {
    await symlink(join(REPO, dir), join(root, dir));
  }
  // The glossary takes its citations from the course's list of spec sections.
  await mkdir(join(root, 'lessons'), { recursive: true });
  await cp(join(REPO, 'lessons/spec-sections.json'), join(root, 'lessons/spec-sections.json'));
  const astro = join(REPO, 'node_modules/astro/bin/astro.mjs');
  const child = spawn(process.execPath, [astro, 'build', '--root', root], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { root, code, output, cleanup: () => rm(root, { recursive: true, force: true }) };
}

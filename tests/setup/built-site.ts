// Builds the site once, before any test file runs, when dist/ is missing or older than its
// sources: several test files read the built pages, and two of them building dist/ at the
// same time (astro empties it first) would pull pages from under each other.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, REPO } from '../site/serve-dist.ts';

// The exercises are in their lessons' folders.
const SOURCES = ['lessons', 'components', 'src', 'sandbox'];

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function builtAt(): number {
  try {
    return statSync(join(DIST, 'lessons/the-wire/index.html')).mtimeMs;
  } catch {
    return 0;
  }
}

export default function setup(): void {
  const sources = Math.max(...SOURCES.map((d) => newest(join(REPO, d))));
  if (builtAt() >= sources) return;
  const astro = join(REPO, 'node_modules/astro/bin/astro.mjs');
  const run = spawnSync(process.execPath, [astro, 'build'], { cwd: REPO, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`astro build failed:\n${run.stdout}\n${run.stderr}`);
}

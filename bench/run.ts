// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another, so
// that one benchmark's memory or timers never colour another's figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, [dir + file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (files.length === 0) console.log('no benchmarks found');
process.exit(failed === 0 ? 0 : 1);

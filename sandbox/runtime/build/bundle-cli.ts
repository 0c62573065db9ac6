// `npm run bundle:runtime`: writes public/runtime/manifest.json and take-home.json (the build
// does this too).
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseCliArgsOrExit } from '../../input/cli-args.ts';
import { bundleRuntime } from './bundle.ts';
import { bundleTakeHome } from './take-home-bundle.ts';

// It takes no flags; refusing stray ones says so instead of silently ignoring them.
parseCliArgsOrExit(process.argv.slice(2), {
  schema: z.object({}),
  usage: 'usage: npm run bundle:runtime',
  command: 'bundle:runtime',
});

const repo = fileURLToPath(new URL('../../', import.meta.url));
const r = await bundleRuntime({
  outDir: repo + 'public/runtime',
  exercisesRoot: repo,
});
console.log(
  `runtime bundle: ${r.files} files, harness ${(r.harnessBytes / 1024).toFixed(0)} KiB, ` +
    `manifest ${(r.manifestBytes / 1024).toFixed(0)} KiB → ${r.manifestPath}`,
);
const t = await bundleTakeHome({ outDir: repo + 'public/runtime', manifestPath: r.manifestPath });
console.log(`take-home parts: ${(t.partsBytes / 1024).toFixed(0)} KiB → ${t.partsPath}`);

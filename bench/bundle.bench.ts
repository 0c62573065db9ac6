// What the workbench costs a learner's browser, measured in this run:
// 1. bytes mounted into the WebContainer (the pre-bundled runtime) against what an
//    `npm install @modelcontextprotocol/sdk` would put in the container (the SDK and its
//    dependency closure as installed locally);
// 2. the JavaScript an exercise page loads before the learner presses Start, against what
//    it loads once the workbench is running (Chromium, against `npm run workshop`), and what
//    the WebContainer path adds after Start: the runtime manifest, and the TypeScript
//    stripper where the container's Node cannot strip types (both gzipped, as served);
// 3. "Download this exercise": the take-home parts the page fetches (raw and gzipped, as a
//    server would send them) and each exercise's zip, against the runtime manifest.
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { takeHomeFiles, takeHomeFolder } from '../components/workbench/take-home-files.ts';
import { zipTakeHome } from '../components/workbench/take-home-zip.ts';
import { bundleRuntime } from '../sandbox/runtime/build/bundle.ts';
import { bundleTakeHome } from '../sandbox/runtime/build/take-home-bundle.ts';
import type { TakeHomeParts } from '../sandbox/runtime/shared/take-home-parts.ts';
import { launchChromium } from '../tests/e2e/browser.ts';
import { startWorkshop } from '../sandbox/workshop/server.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

function dirBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue; // nested packages are counted as packages
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isDirectory()) {
      const sub = dirBytes(path);
      bytes += sub.bytes;
      files += sub.files;
    } else {
      bytes += st.size;
      files++;
    }
  }
  return { bytes, files };
}

/** Finds a package as Node would from `from` (nested node_modules first, then hoisted). */
function resolvePackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The SDK plus every package it needs at runtime, as npm would install them. */
function installClosure(root: string): { packages: number; bytes: number; files: number } {
  const seen = new Set<string>();
  const queue = [join(root, 'node_modules/@modelcontextprotocol/sdk')];
  let bytes = 0;
  let files = 0;
  while (queue.length) {
    const dir = queue.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const size = dirBytes(dir);
    bytes += size.bytes;
    files += size.files;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    const peers = Object.keys(pkg.peerDependencies ?? {}).filter(
      (p) => !pkg.peerDependenciesMeta?.[p]?.optional,
    );
    for (const dep of [...Object.keys(pkg.dependencies ?? {}), ...peers]) {
      const found = resolvePackage(dep, dir);
      if (found) queue.push(found);
    }
  }
  return { packages: seen.size, bytes, files };
}

/** The stripper as the page loads it: its own chunk, bundled for the browser and minified. */
async function stripperBytes(): Promise<{ raw: number; gz: number }> {
  const result = await build({
    stdin: {
      contents: "export { stripTypes } from './sandbox/strip/strip-types.ts';",
      resolveDir: repo,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gz: gzipSync(code).length };
}

async function pageScripts(): Promise<{ before: number; after: number } | undefined> {
  if (!existsSync(join(repo, 'dist/exercises/raw-client/index.html'))) return undefined;
  const ws = await startWorkshop({
    dist: join(repo, 'dist'),
    exercisesRoot: repo,
    harnessMain: join(repo, 'sandbox/harness/main.ts'),
    port: 0,
    runtime: true,
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    let bytes = 0;
    const pending: Promise<void>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      pending.push(
        r.body().then(
          (b) => void (bytes += b.length),
          () => undefined,
        ),
      );
    });
    await page.goto(ws.url + 'exercises/raw-client/', { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const before = bytes;
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { before, after: bytes };
  } finally {
    await browser.close();
    await ws.close();
  }
}

const out = mkdtempSync(join(tmpdir(), 'mcpw-bench-'));
try {
  const bundle = await bundleRuntime({ outDir: out, exercisesRoot: repo });
  const npm = installClosure(repo);
  console.log('WebContainer mount vs npm install of the SDK');
  console.log(
    `  baseline  npm install @modelcontextprotocol/sdk: ${npm.packages} packages, ${npm.files} files, ${kib(npm.bytes)}`,
  );
  console.log(
    `  mounted   runtime manifest (harness + SDK + every exercise): ${bundle.files} files, ${kib(bundle.manifestBytes)}`,
  );
  console.log(`            of which the harness bundle: ${kib(bundle.harnessBytes)}`);
  console.log(
    `  ratio     mounted / npm install = ${(bundle.manifestBytes / npm.bytes).toFixed(3)} (bytes), ${(bundle.files / npm.files).toFixed(4)} (files)`,
  );

  const takeHome = await bundleTakeHome({ outDir: out, manifestPath: bundle.manifestPath });
  const partsText = readFileSync(takeHome.partsPath);
  const parts = JSON.parse(partsText.toString('utf8')) as TakeHomeParts;
  console.log('\nDownload this exercise (take-home zip, built as the page builds it)');
  console.log(
    `  fetched   take-home.json (every exercise): ${kib(takeHome.partsBytes)} raw, ${kib(gzipSync(partsText).length)} gzipped`,
  );
  for (const id of Object.keys(parts.exercises)) {
    const zip = zipTakeHome(takeHomeFiles(parts, id, {}), takeHomeFolder(id));
    console.log(
      `  zip       ${id}: ${kib(zip.length)} (deflated; gzip on top: ${kib(gzipSync(zip).length)}), ratio zip / manifest = ${(zip.length / bundle.manifestBytes).toFixed(3)}`,
    );
  }

  const scripts = await pageScripts();
  console.log('\nJavaScript on the exercise page (Chromium, workshop server)');
  if (!scripts) {
    console.log('  skipped: no dist/ (run `npm run build` first)');
  } else {
    console.log(`  before Start: ${kib(scripts.before)}`);
    console.log(`  after Start (workbench ready): ${kib(scripts.after)}`);
    console.log(`  ratio     before / after = ${(scripts.before / scripts.after).toFixed(4)}`);
  }
  const manifestGz = gzipSync(readFileSync(bundle.manifestPath)).length;
  const stripper = await stripperBytes();
  console.log('\nWhat the WebContainer path fetches after Start');
  console.log(
    `  runtime manifest (mounted): ${kib(manifestGz)} gz, ${kib(bundle.manifestBytes)} raw`,
  );
  console.log(
    `  stripper (gz, loaded after Start, only where the container cannot strip types): ${kib(stripper.gz)} gz, ${kib(stripper.raw)} raw`,
  );
  console.log(`  ratio     stripper / manifest = ${(stripper.gz / manifestGz).toFixed(3)} (gz)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

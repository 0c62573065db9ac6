// Builds what the WebContainer mounts, so the browser never runs npm install: the harness,
// the stdio tap and Paper Trail with the SDK and zod in ONE esbuild bundle, plus every
// exercise's exercise.json and starter files, each starter .ts also as its stripped .js twin
// for a container whose Node cannot strip types (sandbox/strip/). Output: <outDir>/manifest.json (manifest.ts): a
// flat map of container paths to file contents that the adapter mounts as it is, and each
// exercise's parsed facts for the adapter.
import { build, type Plugin } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExercises, type Exercise } from '../exercises/loader.ts';
import { formatProblem, stripTypes } from '../strip/strip-types.ts';
import { jsTwin } from '../strip/twin.ts';
import type { RuntimeManifest } from './webcontainer/manifest.ts';
import { CONTAINER_PATHS } from './webcontainer/paths.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface BundleResult {
  manifestPath: string;
  /** Bytes of the harness bundle and of the whole manifest. */
  harnessBytes: number;
  manifestBytes: number;
  files: number;
}

// Inside the bundle Paper Trail is the same file started with --paper-trail (entry.ts), and
// Paper Trail v2 the same file with --paper-trail-v2.
const paperTrailInBundle: Plugin = {
  name: 'paper-trail-in-bundle',
  setup(b) {
    b.onLoad({ filter: /paper-trail-v2[\\/]command\.ts$/ }, () => ({
      loader: 'ts',
      contents: [
        'export const PAPER_TRAIL_V2_MAIN = process.argv[1];',
        'export function paperTrailV2Command(extraArgs: string[] = []) {',
        "  return { command: process.execPath, args: [process.argv[1], '--paper-trail-v2', ...extraArgs] };",
        '}',
      ].join('\n'),
    }));
    b.onLoad({ filter: /paper-trail[\\/]command\.ts$/ }, () => ({
      loader: 'ts',
      contents: [
        'export const PAPER_TRAIL_MAIN = process.argv[1];',
        'export function paperTrailCommand(extraArgs: string[] = []) {',
        "  return { command: process.execPath, args: [process.argv[1], '--paper-trail', ...extraArgs] };",
        '}',
      ].join('\n'),
    }));
  },
};

/**
 * One harness entry (the container's, the take-home one) as a single ES module with the SDK,
 * zod and Paper Trail inside, so that where it runs needs no npm install.
 */
export async function bundleHarness(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    plugins: [paperTrailInBundle],
    // Modules that compare import.meta.url with argv[1] to decide "am I the main program?"
    // would all answer yes inside one bundle; a fixed URL makes them answer no.
    define: { 'import.meta.url': JSON.stringify('file:///mcpw/bundled.mjs') },
    // CommonJS dependencies (ajv and friends) call require() for Node built-ins.
    banner: {
      js: "import { createRequire as __mcpwRequire } from 'node:module'; const require = __mcpwRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

export async function bundleRuntime(options: {
  outDir: string;
  exercisesRoot: string;
}): Promise<BundleResult> {
  const harness = await bundleHarness(join(here, 'webcontainer/entry.ts'));

  const files: Record<string, string> = { [CONTAINER_PATHS.harness]: harness };
  const exercises: RuntimeManifest['exercises'] = {};
  const all = loadExercises(options.exercisesRoot);
  for (const exercise of all) {
    const base = `${CONTAINER_PATHS.exercises}/${exercise.id}`;
    // The validated value, defaults filled: the container's harness loads it like any other.
    files[`${base}/exercise.json`] = JSON.stringify(exercise.meta);
    Object.assign(files, starterFiles(`${base}/starter`, exercise.starter));
    exercises[exercise.id] = {
      editable: exercise.meta.files.editable,
      timeoutMs: exercise.meta.run.timeoutMs,
    };
  }
  Object.assign(files, await bundleLearnerPackages(all));
  // The container's package.json makes .js/.ts files ES modules without guessing; WebContainer
  // reads engines to pick its Node, and the harness bundle targets 22.
  files['package.json'] = JSON.stringify({
    name: 'mcpw-sandbox',
    private: true,
    type: 'module',
    engines: { node: '>=22' },
  });

  mkdirSync(options.outDir, { recursive: true });
  const manifest = JSON.stringify({ files, exercises } satisfies RuntimeManifest);
  const manifestPath = join(options.outDir, 'manifest.json');
  writeFileSync(manifestPath, manifest);
  return {
    manifestPath,
    harnessBytes: Buffer.byteLength(harness),
    manifestBytes: Buffer.byteLength(manifest),
    files: Object.keys(files).length,
  };
}

/**
 * The starter as it is, plus a .js twin of each .ts: the learner's editable files are
 * stripped again in the page as they change, the others only ever here.
 */
function starterFiles(base: string, starter: Record<string, string>): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [f, text] of Object.entries(starter)) {
    files[`${base}/${f}`] = text;
    if (jsTwin(f) === f) continue;
    if (jsTwin(f) in starter) throw new Error(`${base}/${f}: its twin ${jsTwin(f)} exists already`);
    const stripped = stripTypes(text, f);
    if (!stripped.ok) throw new Error(`${base}/${formatProblem(stripped.problem)}`);
    files[`${base}/${jsTwin(f)}`] = stripped.code;
  }
  return files;
}

/** Bare imports (packages) in every exercise's starter and solution files. */
export function learnerImports(exercises: readonly Exercise[]): string[] {
  const found = new Set<string>();
  for (const exercise of exercises) {
    for (const files of [exercise.starter, exercise.solution]) {
      for (const [f, text] of Object.entries(files)) {
        if (!/\.[cm]?[jt]s$/.test(f)) continue;
        // `from`/`import` as a keyword, not a method: `Buffer.from('é')` names no package.
        for (const m of text.matchAll(
          /(?<![\w$.])(?:from|import)\s*\(?\s*(['"])([^'".][^'"]*)\1/g,
        )) {
          if (!m[2].startsWith('node:')) found.add(m[2]);
        }
      }
    }
  }
  return [...found].sort();
}

/**
 * The packages learner code imports (the SDK's entry points, zod), bundled into a minimal
 * node_modules so that `import ... from '@modelcontextprotocol/sdk/server/mcp.js'` resolves
 * in the container without npm. One esbuild run with code splitting, so the SDK and the
 * learner's code share a single copy of zod, as they would after npm install.
 */
async function bundleLearnerPackages(
  exercises: readonly Exercise[],
): Promise<Record<string, string>> {
  const specifiers = learnerImports(exercises);
  if (specifiers.length === 0) return {};
  const packageOf = (spec: string) =>
    spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  const outdir = mkdtempSync(join(tmpdir(), 'mcpw-pkgs-'));
  try {
    const result = await build({
      entryPoints: specifiers.map((spec) => {
        const pkg = packageOf(spec);
        const sub = spec.slice(pkg.length).replace(/^\//, '').replace(/\.js$/, '') || 'index';
        return { in: spec, out: `${pkg}/${sub}` };
      }),
      bundle: true,
      splitting: true,
      write: false,
      outdir,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      legalComments: 'none',
      chunkNames: '.mcpw-chunks/[name]-[hash]',
      banner: {
        js: "import { createRequire as __mcpwRequire } from 'node:module'; const require = __mcpwRequire(import.meta.url);",
      },
      logLevel: 'silent',
    });
    const files: Record<string, string> = {};
    for (const out of result.outputFiles) {
      files[`node_modules/${relative(outdir, out.path).split('\\').join('/')}`] = out.text;
    }
    for (const pkg of new Set(specifiers.map(packageOf))) {
      const exports = Object.fromEntries(
        specifiers
          .filter((s) => packageOf(s) === pkg)
          .map((s) => {
            const sub = s.slice(pkg.length).replace(/^\//, '');
            const file = `./${sub.replace(/\.js$/, '') || 'index'}.js`;
            return [sub ? `./${sub}` : '.', file];
          }),
      );
      files[`node_modules/${pkg}/package.json`] = JSON.stringify({
        name: pkg,
        type: 'module',
        exports,
      });
    }
    // The shared chunks sit outside any package; they are ES modules too.
    files['node_modules/.mcpw-chunks/package.json'] = JSON.stringify({ type: 'module' });
    return files;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

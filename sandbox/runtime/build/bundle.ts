// Builds what the WebContainer mounts, so the browser never runs npm install: the harness
// (with the stdio tap and Paper Trail), the package entry points learner code imports, and
// the program of its own of each known server that has one and that some exercise's peer
// names (exercises/servers.ts: Paper Trail v2), in ONE esbuild run with code splitting, so
// that the SDK, zod and ajv are in it once, shared by all of them; plus every exercise's
// exercise.json and starter files, each starter .ts also as its stripped .js twin for a
// container whose Node cannot strip types (sandbox/strip/). Output: <outDir>/manifest.json
// (manifest.ts): a flat map of container paths to file contents that the adapter mounts as
// it is, and each exercise's parsed facts; and beside it, for each such server, its
// ownProgram.extraFiles (paper-trail-v2.json): what only that server needs, mounted only for
// the exercises whose peer names it.
import { build, type Metafile, type Plugin } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExercises, type Exercise } from '../../exercises/loader.ts';
import type { PeerSpec } from '../../exercises/schema.ts';
import {
  KNOWN_SERVERS,
  knownServer,
  SERVER_NAMES,
  type KnownServer,
  type ServerName,
} from '../../exercises/servers.ts';
import { checksFromFolders } from './checks-from-folders.ts';
import { formatProblem, stripTypes } from '../../strip/strip-types.ts';
import { jsTwin } from '../../strip/twin.ts';
import type { ExtraFiles, RuntimeManifest } from '../shared/manifest.ts';
import { CONTAINER_PATHS } from '../shared/container-paths.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The checkout's top, which the servers table's entries are relative to. */
const checkout = join(here, '..', '..', '..');

/** A known server that is a program of its own in the container, by its name. */
type OwnProgram = { name: ServerName } & NonNullable<KnownServer['ownProgram']>;

export interface BundleResult {
  manifestPath: string;
  /** Bytes of the harness bundle and of the whole manifest. */
  harnessBytes: number;
  manifestBytes: number;
  files: number;
  /**
   * The extra files written beside the manifest, by server: one for each known server with a
   * program of its own that some exercise's peer names, and none for any other.
   */
  extraFiles: Partial<Record<ServerName, { path: string; bytes: number }>>;
}

/** The servers with a program of their own that some exercise's peer names, in table order. */
export function ownProgramsNamed(exercises: readonly Exercise[]): OwnProgram[] {
  const named = new Set(exercises.map((e) => e.meta.run.peer.server));
  return SERVER_NAMES.flatMap((name) => {
    const own = knownServer(name).ownProgram;
    return own && named.has(name) ? [{ name, ...own }] : [];
  });
}

/** The extra files an exercise's runs need: its known server's program, if it has one. */
function extraFilesFor(peer: PeerSpec): { extraFiles?: string } {
  if (typeof peer.server !== 'string') return {};
  const own = knownServer(peer.server).ownProgram;
  return own ? { extraFiles: own.extraFiles } : {};
}

// What every bundle here shares: ES modules for the container's Node, minified, and a
// require() for the CommonJS dependencies (ajv and friends) that call it for Node built-ins.
export const nodeBundle = {
  bundle: true,
  write: false,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  legalComments: 'none',
  banner: {
    js: "import { createRequire as __mcpwRequire } from 'node:module'; const require = __mcpwRequire(import.meta.url);",
  },
  logLevel: 'silent',
} as const;

// zod's locale tables are two thirds of zod, and no learner ever sees them: zod speaks
// English unless a program calls z.config() with another locale, which no exercise does.
// Only `en` stays, so every message reads as it does with the whole package
// (tests/runtime/slim-zod.test.ts compares them).
const englishZodOnly: Plugin = {
  name: 'english-zod-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      loader: 'js',
      contents: "export { default as en } from './en.js';",
    }));
  },
};

// The container's harness leaves the TypeScript policy to the page, which scans the learner's
// files before mounting them (page/learner-files.ts): the scan's parser would be
// about 160 KB of every mounted runtime, for files the page has already judged.
const policyInThePage: Plugin = {
  name: 'typescript-policy-in-the-page',
  setup(b) {
    b.onLoad({ filter: /harness[\\/]typescript-policy\.ts$/ }, () => ({
      loader: 'ts',
      contents: 'export function unrunnableTypeScript() { return []; }',
    }));
  },
};

// Inside the bundle each known server is the same file started with its bundleFlag
// (--paper-trail, --paper-trail-v2: the entries dispatch on it), for whatever still asks the
// sources' command modules; the entries pass these commands themselves (bundledServers).
const paperTrailInBundle: Plugin = {
  name: 'paper-trail-in-bundle',
  setup(b) {
    b.onLoad({ filter: /paper-trail-v2[\\/]command\.ts$/ }, () => ({
      loader: 'ts',
      contents: [
        'export const PAPER_TRAIL_V2_MAIN = process.argv[1];',
        'export function paperTrailV2Command(extraArgs: string[] = []) {',
        `  return { command: process.execPath, args: [process.argv[1], ${JSON.stringify(KNOWN_SERVERS['paper-trail-v2'].bundleFlag)}, ...extraArgs] };`,
        '}',
      ].join('\n'),
    }));
    b.onLoad({ filter: /paper-trail[\\/]command\.ts$/ }, () => ({
      loader: 'ts',
      contents: [
        'export const PAPER_TRAIL_MAIN = process.argv[1];',
        'export function paperTrailCommand(extraArgs: string[] = []) {',
        `  return { command: process.execPath, args: [process.argv[1], ${JSON.stringify(KNOWN_SERVERS['paper-trail'].bundleFlag)}, ...extraArgs] };`,
        '}',
      ].join('\n'),
    }));
  },
};

// Modules that compare import.meta.url with argv[1] to decide "am I the main program?"
// would all answer yes inside one bundle; a fixed URL makes them answer no.
const notMain = { 'import.meta.url': JSON.stringify('file:///mcpw/bundled.mjs') };

// The SDK reads Zod 3 schemas through zod/v3 and zod-to-json-schema, a fifth of the runtime.
// In the container no code can make one: its zod package exports Zod 4 only, as `zod`. What
// stands in says so, should anything ever reach it.
const zod4Only: Plugin = {
  name: 'zod-4-only',
  setup(b) {
    const stub = (what: string) =>
      `function refuse() { throw new Error(${JSON.stringify(
        `${what}: the course's runtime carries Zod 4 only; import { z } from 'zod'`,
      )}); }`;
    b.onResolve({ filter: /^(zod\/v3|zod-to-json-schema)$/ }, (args) => ({
      path: args.path,
      namespace: 'zod-4-only',
    }));
    b.onLoad({ filter: /^zod\/v3$/, namespace: 'zod-4-only' }, () => ({
      loader: 'js',
      contents: `${stub('a Zod 3 schema')}\nexport const object = refuse;`,
    }));
    b.onLoad({ filter: /^zod-to-json-schema$/, namespace: 'zod-4-only' }, () => ({
      loader: 'js',
      contents: `${stub('a Zod 3 schema')}\nexport const zodToJsonSchema = refuse;`,
    }));
  },
};

/**
 * One harness entry (the container's, the take-home one) as a single ES module with the SDK,
 * zod and Paper Trail inside, so that where it runs needs no npm install.
 */
export async function bundleHarness(entry: string): Promise<string> {
  const result = await build({
    ...nodeBundle,
    entryPoints: [entry],
    plugins: [paperTrailInBundle, englishZodOnly, checksFromFolders],
    define: notMain,
  });
  return result.outputFiles[0].text;
}

export async function bundleRuntime(options: {
  outDir: string;
  exercisesRoot: string;
}): Promise<BundleResult> {
  const all = loadExercises(options.exercisesRoot);
  const programs = ownProgramsNamed(all);
  const built = await bundleContainerCode(all, programs);
  const files: Record<string, string> = { ...built.main };
  const exercises: RuntimeManifest['exercises'] = {};
  for (const exercise of all) {
    const base = `${CONTAINER_PATHS.exercises}/${exercise.id}`;
    // The validated value, defaults filled: the container's harness loads it like any other.
    files[`${base}/exercise.json`] = JSON.stringify(exercise.meta);
    Object.assign(files, starterFiles(`${base}/starter`, exercise.starter));
    exercises[exercise.id] = {
      editable: exercise.meta.files.editable,
      timeoutMs: exercise.meta.run.timeoutMs,
      ...extraFilesFor(exercise.meta.run.peer),
    };
  }
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
  const extraFiles: BundleResult['extraFiles'] = {};
  for (const program of programs) {
    const text = JSON.stringify({ files: built.extras[program.name] ?? {} } satisfies ExtraFiles);
    const path = join(options.outDir, program.extraFiles);
    writeFileSync(path, text);
    extraFiles[program.name] = { path, bytes: Buffer.byteLength(text) };
  }
  return {
    manifestPath,
    harnessBytes: Buffer.byteLength(files[CONTAINER_PATHS.harness]),
    manifestBytes: Buffer.byteLength(manifest),
    files: Object.keys(files).length,
    extraFiles,
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
    // A map of lines only: learners never edit these, and a crash in one still names the .ts
    // and its line (Node prints the twin's own line under it).
    const stripped = stripTypes(text, f, { map: 'lines' });
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
 * Everything that runs in the container, as one esbuild run with code splitting: the harness
 * (runtime/harness.mjs), each server program asked for (runtime/paper-trail-v2.mjs) and a
 * minimal node_modules holding the package entry points learner code imports (the SDK's,
 * zod), so that `import ... from '@modelcontextprotocol/sdk/server/mcp.js'` resolves without
 * npm. The SDK, zod and ajv they share land in shared chunks once, and learner code and the
 * SDK share one zod, as they would after npm install. What only a server program reaches
 * goes to that server's `extras`.
 */
async function bundleContainerCode(
  exercises: readonly Exercise[],
  programs: readonly OwnProgram[],
): Promise<{
  main: Record<string, string>;
  extras: Partial<Record<ServerName, Record<string, string>>>;
}> {
  const specifiers = learnerImports(exercises);
  const packageOf = (spec: string) =>
    spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  const entryOut = (path: string) => path.replace(/\.mjs$/, '');
  const outdir = mkdtempSync(join(tmpdir(), 'mcpw-pkgs-'));
  try {
    const result = await build({
      ...nodeBundle,
      entryPoints: [
        {
          in: join(here, '../container/webcontainer-entry.ts'),
          out: entryOut(CONTAINER_PATHS.harness),
        },
        ...programs.map((p) => ({ in: join(checkout, p.entry), out: entryOut(p.path) })),
        ...specifiers.map((spec) => {
          const pkg = packageOf(spec);
          const sub = spec.slice(pkg.length).replace(/^\//, '').replace(/\.js$/, '') || 'index';
          return { in: spec, out: `node_modules/${pkg}/${sub}` };
        }),
      ],
      splitting: true,
      outdir,
      metafile: true,
      chunkNames: 'node_modules/.mcpw-chunks/[name]-[hash]',
      plugins: [paperTrailInBundle, englishZodOnly, zod4Only, policyInThePage, checksFromFolders],
      define: notMain,
    });
    const pathOf = (path: string) => relative(outdir, resolve(path)).split('\\').join('/');
    const texts = new Map(result.outputFiles.map((out) => [pathOf(out.path), out.text]));
    const reached = reachable(
      result.metafile,
      [
        entryOut(CONTAINER_PATHS.harness) + '.js',
        ...[...texts.keys()].filter((path) => path.startsWith('node_modules/')),
      ],
      pathOf,
    );
    const reachedBy = programs.map(
      (p) => [p, reachable(result.metafile, [entryOut(p.path) + '.js'], pathOf)] as const,
    );
    // The programs are .mjs, so they are ES modules wherever they are copied to.
    const nameOf = (path: string) =>
      [CONTAINER_PATHS.harness, ...programs.map((p) => p.path)].find(
        (program) => path === entryOut(program) + '.js',
      ) ?? path;
    const main: Record<string, string> = {};
    const extras: Partial<Record<ServerName, Record<string, string>>> = {};
    for (const [path, text] of texts) {
      if (reached.has(path)) {
        main[nameOf(path)] = text;
        continue;
      }
      const owners = reachedBy.filter(([, seen]) => seen.has(path));
      // Every output is imported by the harness, a package or a program: one that none
      // reaches would be mounted nowhere, and the run that needs it would fail in the page.
      if (owners.length === 0) throw new Error(`${path}: no entry of the bundle reaches it`);
      for (const [p] of owners) (extras[p.name] ??= {})[nameOf(path)] = text;
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
      main[`node_modules/${pkg}/package.json`] = JSON.stringify({
        name: pkg,
        type: 'module',
        exports,
      });
    }
    // The shared chunks sit outside any package; they are ES modules too.
    main['node_modules/.mcpw-chunks/package.json'] = JSON.stringify({ type: 'module' });
    return { main, extras };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/**
 * The output files `from` import, directly or not, themselves included. Paths are as `name`
 * gives them for the metafile's (which are relative to the working directory).
 */
function reachable(
  metafile: Metafile,
  from: string[],
  name: (path: string) => string,
): Set<string> {
  const imports = new Map(
    Object.entries(metafile.outputs).map(([path, out]) => [
      name(path),
      out.imports.filter((i) => i.kind === 'import-statement').map((i) => name(i.path)),
    ]),
  );
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    queue.push(...(imports.get(path) ?? []));
  }
  return seen;
}

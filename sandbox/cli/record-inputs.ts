// What a fixture's recorded run depends on, as three digests: the engine that recorded it
// (harness, taps, Paper Trail, the wire module, the SDK versions, Node's major version), the
// exercise's own run files (exercise.json, the starter, the reference files), and the
// fixture's files. A record whose digests differ from today's may no longer be what a live
// run records, so the tests run that fixture live and compare. The checks are left out on
// purpose: judging stored runs with today's checks is what records are for.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The folders (and files) of the engine, relative to the repository. */
export const ENGINE_PATHS = [
  'sandbox/contract',
  'sandbox/exercises',
  'sandbox/harness',
  'sandbox/input',
  'sandbox/paper-trail',
  'sandbox/paper-trail-v2',
  'sandbox/strip',
  'sandbox/tap',
  'sandbox/wire',
  'sandbox/course/exercise-folders.ts',
] as const;

/** The SDK packages whose versions a recording depends on. */
export const SDK_PACKAGES = [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/server',
] as const;

/** An exercise folder's files that judge or describe a run rather than make it. */
const NOT_RUN_INPUTS = new Set([
  'check.ts',
  'rules.json',
  'fixtures.test.ts',
  'fixtures',
  'solution',
]);

export interface RecordInputs {
  engine: string;
  exercise: string;
  fixture: string;
}

/** Every file under `path` (or `path` itself), sorted, as repository-relative names. */
function filesUnder(path: string, skip: (name: string) => boolean = () => false): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => !skip(e.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => filesUnder(join(path, e.name)));
}

function digest(root: string, files: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const file of files) {
    // Separators are normalised so that a digest is the same on every machine.
    hash.update(relative(root, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const line of extra) hash.update(`${line}\n`);
  return hash.digest('hex').slice(0, 16);
}

function sdkVersions(repo: string): string[] {
  // Read from the manifest on disk: these packages' exports do not include package.json.
  return SDK_PACKAGES.map((name) => {
    const manifest = join(repo, 'node_modules', name, 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return `${name}@${version}`;
  });
}

const engineDigests = new Map<string, string>();

/** The engine's digest, computed once per process for each repository. */
export function engineDigest(repo: string): string {
  let found = engineDigests.get(repo);
  if (found === undefined) {
    const files = ENGINE_PATHS.flatMap((p) => filesUnder(join(repo, p)));
    const node = `node ${process.versions.node.split('.')[0]}`;
    found = digest(repo, files, [...sdkVersions(repo), node]);
    engineDigests.set(repo, found);
  }
  return found;
}

/**
 * What a fixture's run depends on today. `exerciseDir` is the exercise's folder, `fixtureDir`
 * the fixture's (absent for the starter and the solution, which are never recorded).
 */
export function recordInputs(repo: string, exerciseDir: string, fixtureDir: string): RecordInputs {
  return {
    engine: engineDigest(repo),
    exercise: digest(
      exerciseDir,
      filesUnder(exerciseDir, (name) => NOT_RUN_INPUTS.has(name) || name.endsWith('.md')),
    ),
    fixture: digest(fixtureDir, filesUnder(fixtureDir)),
  };
}

/** Which inputs changed since a record was made, in words; empty when none did. */
export function changedInputs(recorded: RecordInputs, today: RecordInputs): string[] {
  const words: Record<keyof RecordInputs, string> = {
    engine: 'the engine (harness, taps, Paper Trail, wire module, SDK or Node version)',
    exercise: "the exercise's run files (exercise.json, starter, reference files)",
    fixture: "the fixture's own files",
  };
  return (Object.keys(words) as (keyof RecordInputs)[])
    .filter((k) => recorded[k] !== today[k])
    .map((k) => words[k]);
}

// The import directions of ARCHITECTURE.md as code: every import of every source file under
// the checked folders, static and dynamic, in .ts/.js, .astro (frontmatter and <script>) and
// .mdx (its import/export blocks), judged against one table of rules.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The course's checks, found in the lessons' exercise folders: what the roots hand over. */
export const REGISTRY = 'sandbox/course/exercise-checks.ts';

/** Entry points that hand the course (the registry) to the engine. */
export const COMPOSITION_ROOTS: readonly string[] = [
  'sandbox/harness/main.ts',
  'sandbox/cli/exercise.ts',
  'sandbox/runtime/container/webcontainer-entry.ts',
  'sandbox/runtime/container/take-home-entry.ts',
];

/** The folders whose files are checked (tests, scripts and bench may import anything). */
export const CHECKED_FOLDERS = ['src', 'components', 'sandbox', 'lessons'];

export interface Rule {
  name: string;
  /** The rule in words, as ARCHITECTURE.md states it. */
  says: string;
  /** What the rule judges: imports of the project's files (the default), or of Node's built-ins. */
  judges?: 'files' | 'node-builtins';
  /** True when the import from `file` of `target` (both repository paths) breaks the rule. */
  broken(file: string, target: string): boolean;
}

const under = (path: string, folder: string): boolean =>
  path === folder || path.startsWith(`${folder}/`);
const underAny = (path: string, folders: string[]): boolean => folders.some((f) => under(path, f));
/** The folder of the lesson's exercise a file sits in (lessons/<l>/exercises/<id>), if any. */
const exerciseHolding = (path: string): string | undefined =>
  /^lessons\/[^/]+\/exercises\/[^/]+(?=\/)/.exec(path)?.[0];
/** What an exercise's checks and programs are written with. */
const CHECKER_LIBRARY = ['sandbox/checks', 'sandbox/contract', 'sandbox/wire'];
/** A lesson's capture sessions: the scripts that drive Paper Trail to record its frames. */
const isSessions = (path: string): boolean => /^lessons\/[^/]+\/sessions\.ts$/.test(path);
/** What capture sessions are written with. */
const CAPTURE_KIT = [
  'sandbox/capture',
  'sandbox/paper-trail',
  'sandbox/paper-trail-v2',
  'sandbox/tap',
  'sandbox/wire',
];

/** The runtime's folders, each named for where its code runs (sandbox/runtime/README.md). */
export const RUNTIME = 'sandbox/runtime';
export const RUNTIME_PLACES = ['page', 'server', 'container', 'build', 'shared'] as const;
type Place = (typeof RUNTIME_PLACES)[number];
const inPlace = (path: string, place: Place): boolean => under(path, `${RUNTIME}/${place}`);

/** A runtime folder that may use, of the runtime, only itself and the shared contracts. */
function runtimeFolder(place: Exclude<Place, 'shared'>, why: string): Rule {
  return {
    name: `runtime-${place}-imports-${place}-and-shared`,
    says: `${RUNTIME}/${place}/ imports from ${RUNTIME}/ only ${place}/ and shared/ (${why})`,
    broken: (file, target) =>
      inPlace(file, place) &&
      under(target, RUNTIME) &&
      !inPlace(target, place) &&
      !inPlace(target, 'shared'),
  };
}

export const RULES: readonly Rule[] = [
  {
    name: 'sandbox-is-site-free',
    says: 'sandbox/ imports nothing from components/, src/ or lessons/',
    broken: (file, target) =>
      under(file, 'sandbox') && underAny(target, ['components', 'src', 'lessons']),
  },
  {
    name: 'engine-gets-the-course-from-its-roots',
    says: `sandbox/ imports the course's checks (${REGISTRY}) only in the composition roots (${COMPOSITION_ROOTS.join(', ')})`,
    broken: (file, target) =>
      under(file, 'sandbox') && target === REGISTRY && !COMPOSITION_ROOTS.includes(file),
  },
  {
    name: 'checks-and-harness-apart',
    says: 'sandbox/checks and sandbox/harness never import each other (both use sandbox/contract)',
    broken: (file, target) =>
      (under(file, 'sandbox/checks') && under(target, 'sandbox/harness')) ||
      (under(file, 'sandbox/harness') && under(target, 'sandbox/checks')),
  },
  {
    name: 'wire-stands-on-nothing',
    says: 'sandbox/wire imports nothing of the project outside sandbox/wire',
    broken: (file, target) => under(file, 'sandbox/wire') && !under(target, 'sandbox/wire'),
  },
  {
    name: 'components-not-capture',
    says: 'components/ never imports sandbox/capture/ (the capture tool is not part of the site)',
    broken: (file, target) => under(file, 'components') && under(target, 'sandbox/capture'),
  },
  {
    name: 'components-not-src',
    says: 'components/ never imports src/ (src → components → sandbox, never backwards)',
    broken: (file, target) => under(file, 'components') && under(target, 'src'),
  },
  {
    name: 'exercises-use-the-checker-library',
    says: "a lesson's exercise (lessons/<NN>-<slug>/exercises/<id>/) imports only its own files and sandbox/checks, sandbox/contract, sandbox/wire",
    broken: (file, target) => {
      const exercise = exerciseHolding(file);
      return (
        exercise !== undefined && !under(target, exercise) && !underAny(target, CHECKER_LIBRARY)
      );
    },
  },
  {
    name: 'lessons-use-components',
    says: 'lessons/ imports only components/ (and its own files), its sessions.ts files and exercises aside',
    broken: (file, target) =>
      under(file, 'lessons') &&
      !isSessions(file) &&
      exerciseHolding(file) === undefined &&
      !underAny(target, ['lessons', 'components']),
  },
  {
    name: 'sessions-use-the-capture-kit',
    says: "a lesson's sessions.ts imports only its lesson's files and sandbox/capture, sandbox/paper-trail, sandbox/paper-trail-v2, sandbox/tap, sandbox/wire",
    broken: (file, target) =>
      isSessions(file) && !under(target, dirname(file)) && !underAny(target, CAPTURE_KIT),
  },
  runtimeFolder('page', 'it runs in the browser'),
  runtimeFolder('server', 'it runs in the dev and workshop servers'),
  runtimeFolder('container', 'each entry is bundled to run on its own in a container or a folder'),
  runtimeFolder('build', 'it bundles container/ by path and never runs it'),
  {
    name: 'runtime-shared-imports-shared',
    says: `${RUNTIME}/shared/ imports nothing from ${RUNTIME}/ outside shared/ (every other folder stands on it)`,
    broken: (file, target) =>
      inPlace(file, 'shared') && under(target, RUNTIME) && !inPlace(target, 'shared'),
  },
  {
    name: 'runtime-page-and-shared-without-node',
    says: `${RUNTIME}/page/ and ${RUNTIME}/shared/ import no Node built-in (the page loads both)`,
    judges: 'node-builtins',
    broken: (file) => inPlace(file, 'page') || inPlace(file, 'shared'),
  },
  {
    name: 'components-use-the-page-runtime',
    says: `components/ imports from ${RUNTIME}/ only page/ and shared/ (what the browser can run)`,
    broken: (file, target) =>
      under(file, 'components') &&
      under(target, RUNTIME) &&
      !inPlace(target, 'page') &&
      !inPlace(target, 'shared'),
  },
];

export interface ProjectImport {
  /** The importing file, relative to the root, with "/" separators. */
  file: string;
  /** The specifier as written. */
  specifier: string;
  /** The imported path, relative to the root; for a Node built-in, the specifier. */
  target: string;
  /** True for a Node built-in (node:fs, or plain fs), which the file rules never judge. */
  builtin: boolean;
}

export interface Violation extends ProjectImport {
  rule: Rule;
}

const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx|astro|mdx)$/;
/** Tests may import anything, wherever they sit (an exercise's fixtures.test.ts). */
const TEST = /\.test\.[cm]?[jt]s$/;

/**
 * Every relative import of the project's files under the checked folders of `root`, and
 * every import of a Node built-in there; other packages are not listed.
 */
export function projectImports(root: string): ProjectImport[] {
  const found: ProjectImport[] = [];
  for (const folder of CHECKED_FOLDERS) {
    for (const path of sourceFiles(join(root, folder))) {
      const file = toRepoPath(root, path);
      for (const specifier of specifiersIn(file, readFileSync(path, 'utf8'))) {
        if (isBuiltin(specifier)) {
          found.push({ file, specifier, target: specifier, builtin: true });
          continue;
        }
        if (!specifier.startsWith('.')) continue; // a package
        const target = toRepoPath(root, resolve(dirname(path), specifier.replace(/\?.*$/, '')));
        found.push({ file, specifier, target, builtin: false });
      }
    }
  }
  return found;
}

export function findViolations(root: string, rules: readonly Rule[] = RULES): Violation[] {
  return projectImports(root).flatMap((imp) =>
    rules
      .filter((rule) => (rule.judges === 'node-builtins') === imp.builtin)
      .filter((rule) => rule.broken(imp.file, imp.target))
      .map((rule) => ({ ...imp, rule })),
  );
}

export function describeViolation(v: Violation): string {
  return `${v.file}: import '${v.specifier}' breaks ${v.rule.name}: ${v.rule.says}`;
}

/** The specifiers a file imports, read with TypeScript's own scanner. */
export function specifiersIn(file: string, text: string): string[] {
  const code = file.endsWith('.astro')
    ? astroScripts(text)
    : file.endsWith('.mdx')
      ? mdxModuleBlocks(text)
      : [text];
  return code.flatMap((c) =>
    ts.preProcessFile(c, true, true).importedFiles.map((ref) => ref.fileName),
  );
}

/** An .astro file's code: the frontmatter between the opening "---" fences and each <script>. */
function astroScripts(text: string): string[] {
  const parts: string[] = [];
  const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) parts.push(front[1]);
  for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) parts.push(m[1]);
  return parts;
}

/**
 * An MDX file's ES module blocks: paragraphs that start with import or export. Fenced code
 * is dropped first, because a lesson's code samples import things too.
 */
function mdxModuleBlocks(text: string): string[] {
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return prose.split(/\r?\n\s*\r?\n/).filter((block) => /^(?:import|export)\s/.test(block));
}

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

function toRepoPath(root: string, path: string): string {
  return relative(root, path).split(sep).join(posix.sep);
}

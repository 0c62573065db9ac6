// The import directions written down in ARCHITECTURE.md hold for every source file, and the
// checker itself catches a planted bad import in each kind of file it reads.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeViolation,
  findViolations,
  projectImports,
  RULES,
  RUNTIME,
  RUNTIME_PLACES,
} from './import-rules.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('import directions of this repository', () => {
  it('no source file imports against ARCHITECTURE.md', () => {
    expect(findViolations(ROOT).map(describeViolation)).toEqual([]);
  });

  it('reads the imports of .ts, .astro and .mdx files, so the rules have something to judge', () => {
    const files = new Set(projectImports(ROOT).map((i) => i.file));
    expect(files).toContain('sandbox/harness/session.ts');
    expect(files).toContain('components/workbench/Workbench.astro');
    expect(files).toContain('lessons/02-the-wire/lesson.mdx');
  });

  it('every file of sandbox/runtime/ sits in the folder of where it runs', () => {
    const loose = readdirSync(join(ROOT, RUNTIME), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(join(ROOT, RUNTIME).length + 1))
      .filter((path) => path !== 'README.md')
      .filter((path) => !RUNTIME_PLACES.some((place) => path.startsWith(`${place}/`)));
    expect(loose).toEqual([]);
  });

  it('ARCHITECTURE.md states every rule the test enforces', () => {
    const doc = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    for (const rule of RULES) expect(doc).toContain(`\`${rule.name}\``);
  });
});

describe('the checker on a planted tree', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A small repository that keeps every rule, plus the files given. */
  function tree(extra: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
    const files: Record<string, string> = {
      'sandbox/wire/record.ts': 'export const x = 1;\n',
      'sandbox/contract/check.ts': "import { x } from '../wire/record.ts';\n",
      'sandbox/harness/run.ts': "import type { C } from '../contract/check.ts';\n",
      'sandbox/harness/main.ts': "import { checks } from '../course/exercise-checks.ts';\n",
      'sandbox/course/exercise-checks.ts': "import type { C } from '../contract/check.ts';\n",
      'lessons/01-a/exercises/demo/check.ts':
        "import { k } from '../../../../sandbox/checks/frames.ts';\nimport { d } from './drive.ts';\n",
      'lessons/01-a/exercises/demo/fixtures.test.ts':
        "import { exerciseSuite } from '../../../../tests/exercises/suite.ts';\n",
      'sandbox/checks/frames.ts': "import { x } from '../wire/record.ts';\nexport const k = x;\n",
      'components/View.astro':
        "---\nimport { x } from '../sandbox/wire/record.ts';\n---\n<p>{x}</p>\n" +
        "<script>\nimport('../sandbox/contract/check.ts');\n</script>\n",
      'lessons/a.mdx':
        "import View from '../components/View.astro';\n\n# A\n\n" +
        "```ts\nimport { run } from '../sandbox/harness/run.ts';\n```\n\n<View />\n",
      'src/pages/index.astro': "---\nimport View from '../../components/View.astro';\n---\n",
      // The runtime's folders, each on the shared contracts; Node where it runs on Node.
      'sandbox/runtime/shared/types.ts': "import { x } from '../../wire/record.ts';\n",
      'sandbox/runtime/page/client.ts': "import type { R } from '../shared/types.ts';\n",
      'sandbox/runtime/server/endpoint.ts':
        "import { createServer } from 'node:http';\nimport type { R } from '../shared/types.ts';\n",
      'sandbox/runtime/container/entry.ts':
        "import { readFileSync } from 'fs';\nimport type { R } from '../shared/types.ts';\n",
      'sandbox/runtime/build/bundle.ts':
        "import { join } from 'node:path';\nimport type { R } from '../shared/types.ts';\n",
      'components/Run.ts': "import { client } from '../sandbox/runtime/page/client.ts';\n",
      ...extra,
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  it('finds nothing in a tree that keeps the rules (a composition root may import the course)', () => {
    expect(findViolations(tree({})).map(describeViolation)).toEqual([]);
  });

  const planted: { name: string; file: string; text: string; specifier: string; rule: string }[] = [
    {
      name: 'a static import from the wire upwards',
      file: 'sandbox/wire/classify.ts',
      text: "import { run } from '../harness/run.ts';\n",
      specifier: '../harness/run.ts',
      rule: 'wire-stands-on-nothing',
    },
    {
      name: 'a dynamic import of the course from the engine',
      file: 'sandbox/harness/judge.ts',
      text: "export const load = () => import('../course/exercise-checks.ts');\n",
      specifier: '../course/exercise-checks.ts',
      rule: 'engine-gets-the-course-from-its-roots',
    },
    {
      name: 'a type import from the harness into the checks',
      file: 'sandbox/checks/explain.ts',
      text: "import type { RunOptions } from '../harness/run.ts';\n",
      specifier: '../harness/run.ts',
      rule: 'checks-and-harness-apart',
    },
    {
      name: 'an .astro <script> importing the capture tool',
      file: 'components/Frames.astro',
      text: "---\n---\n<script>\nimport { read } from '../sandbox/capture/read.ts';\n</script>\n",
      specifier: '../sandbox/capture/read.ts',
      rule: 'components-not-capture',
    },
    {
      name: 'the sandbox importing a component',
      file: 'sandbox/runtime/shared/types.ts',
      text: "export { LABELS } from '../../../components/workbench/labels.ts';\n",
      specifier: '../../../components/workbench/labels.ts',
      rule: 'sandbox-is-site-free',
    },
    {
      name: 'an MDX lesson importing the engine',
      file: 'lessons/b.mdx',
      text: "import { run } from '../sandbox/harness/run.ts';\n\n# B\n",
      specifier: '../sandbox/harness/run.ts',
      rule: 'lessons-use-components',
    },
    {
      name: 'a component importing routing',
      file: 'components/Nav.astro',
      text: "---\nimport Layout from '../src/layouts/Page.astro';\n---\n",
      specifier: '../src/layouts/Page.astro',
      rule: 'components-not-src',
    },
    {
      name: 'an exercise importing the harness',
      file: 'lessons/01-a/exercises/demo/check.ts',
      text: "import { runChecks } from '../../../../sandbox/harness/judge.ts';\n",
      specifier: '../../../../sandbox/harness/judge.ts',
      rule: 'exercises-use-the-checker-library',
    },
    {
      name: "an exercise's starter importing another exercise's file",
      file: 'lessons/01-a/exercises/demo/starter/client.ts',
      text: "import { drive } from '../../other/starter/drive.ts';\n",
      specifier: '../../other/starter/drive.ts',
      rule: 'exercises-use-the-checker-library',
    },
    {
      name: "the engine importing an exercise's checks directly",
      file: 'sandbox/harness/judge.ts',
      text: "import { checks } from '../../lessons/01-a/exercises/demo/check.ts';\n",
      specifier: '../../lessons/01-a/exercises/demo/check.ts',
      rule: 'sandbox-is-site-free',
    },
    {
      name: 'the page runtime importing the server',
      file: 'sandbox/runtime/page/boot.ts',
      text: "import { newToken } from '../server/security.ts';\n",
      specifier: '../server/security.ts',
      rule: 'runtime-page-imports-page-and-shared',
    },
    {
      name: 'the page runtime importing a node: built-in',
      file: 'sandbox/runtime/page/files.ts',
      text: "import { readFileSync } from 'node:fs';\n",
      specifier: 'node:fs',
      rule: 'runtime-page-and-shared-without-node',
    },
    {
      name: 'a shared contract importing a built-in without node:',
      file: 'sandbox/runtime/shared/nonce.ts',
      text: "import { randomBytes } from 'crypto';\n",
      specifier: 'crypto',
      rule: 'runtime-page-and-shared-without-node',
    },
    {
      name: 'the server importing the page runtime',
      file: 'sandbox/runtime/server/run.ts',
      text: "import { RunSlot } from '../page/run-slot.ts';\n",
      specifier: '../page/run-slot.ts',
      rule: 'runtime-server-imports-server-and-shared',
    },
    {
      name: 'a container entry importing the server dynamically',
      file: 'sandbox/runtime/container/take-home-entry.ts',
      text: "export const sign = () => import('../server/signed-events.ts');\n",
      specifier: '../server/signed-events.ts',
      rule: 'runtime-container-imports-container-and-shared',
    },
    {
      name: 'the build importing a container entry instead of bundling it',
      file: 'sandbox/runtime/build/bundle-cli.ts',
      text: "import '../container/entry.ts';\n",
      specifier: '../container/entry.ts',
      rule: 'runtime-build-imports-build-and-shared',
    },
    {
      name: 'a shared contract importing the page runtime',
      file: 'sandbox/runtime/shared/manifest.ts',
      text: "import type { Limits } from '../page/watchdog.ts';\n",
      specifier: '../page/watchdog.ts',
      rule: 'runtime-shared-imports-shared',
    },
    {
      name: 'a component importing the server runtime',
      file: 'components/workbench/run.ts',
      text: "import { createRuntimeEndpoint } from '../../sandbox/runtime/server/endpoint.ts';\n",
      specifier: '../../sandbox/runtime/server/endpoint.ts',
      rule: 'components-use-the-page-runtime',
    },
  ];

  it.each(planted)('reports exactly $name', ({ file, text, specifier, rule }) => {
    const found = findViolations(tree({ [file]: text }));
    expect(found.map((v) => [v.file, v.specifier, v.rule.name])).toEqual([[file, specifier, rule]]);
    expect(describeViolation(found[0])).toContain(`${file}: import '${specifier}' breaks ${rule}`);
  });
});

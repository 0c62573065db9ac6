// The import directions written down in ARCHITECTURE.md hold for every source file, and the
// checker itself catches a planted bad import in each kind of file it reads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { describeViolation, findViolations, projectImports, RULES } from './import-rules.ts';

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
  ];

  it.each(planted)('reports exactly $name', ({ file, text, specifier, rule }) => {
    const found = findViolations(tree({ [file]: text }));
    expect(found.map((v) => [v.file, v.specifier, v.rule.name])).toEqual([[file, specifier, rule]]);
    expect(describeViolation(found[0])).toContain(`${file}: import '${specifier}' breaks ${rule}`);
  });
});

// The authoring guide (/guide/), followed from start to finish in a copy of the repository:
// a new lesson with its own capture, a second capture, an exercise with one mistaken and one
// correct fixture, the capture and fixtures commands, and a build whose pages show the
// lesson, its frames and the exercise. All of it is one new folder, the lesson's: no file
// outside it is written or changed. Each step is the guide's own command (src/guide/
// quotes.ts) run through npm, and each message the guide quotes from a step must be in what
// that step printed. Then, in Chromium on the copy's built site, search finds the lesson and
// the exercise's workbench starts and checks the learner's code. The copy lives outside the
// repository and is removed afterwards.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, EXAMPLE, QUOTES } from '../../src/guide/quotes.ts';
import { startWorkshop } from '../../sandbox/workshop/server.ts';
import { launchChromium } from '../e2e/browser.ts';

const repo = process.cwd();
let copy = '';

/** The working tree as git sees it (tracked and new files, nothing ignored), copied. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpw-guide-'));
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    try {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(repo, file), join(dir, file));
    } catch (err) {
      // A tracked file deleted in the working tree is not part of what is being tested.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  // Packages are shared by link, one by one, so that caches (Astro's data store, Vite's
  // optimised deps) are the copy's own and never touch the repository's.
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (['.astro', '.vite', '.vite-temp', '.vitest-cache'].includes(entry)) continue;
    symlinkSync(join(repo, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}

/** `npm run --silent <words>` in the copy, as the guide tells an author to type it. */
function npmRun(words: readonly string[], timeout = 120_000): SpawnSyncReturns<string> {
  return spawnSync('npm', ['run', '--silent', ...words], { cwd: copy, encoding: 'utf8', timeout });
}

/** Runs a step of the guide; it must succeed and print every message the guide quotes from it. */
function step(name: keyof typeof COMMANDS, timeout?: number): string {
  const r = npmRun(COMMANDS[name], timeout);
  expect(r.status, `${name}:\n${r.stdout}\n${r.stderr}`).toBe(0);
  const printed = r.stdout + r.stderr;
  for (const quote of Object.values(QUOTES)) {
    if (quote.produced.by === 'walkthrough' && quote.produced.step === name) {
      expect(printed, name).toContain(quote.text);
    }
  }
  return printed;
}

const inCopy = (path: string) => join(copy, path);

/** What the steps may leave behind without it being the author's: packages, builds, runs. */
const NOT_SOURCE = new Set(['node_modules', 'dist', '.astro', '.workspaces']);

/** Every source file of the copy, by path, with a hash of its contents. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(inCopy(dir), { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else
        files.set(
          path,
          createHash('sha1')
            .update(readFileSync(inCopy(path)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return files;
}

/** The files outside `folder` that are new, gone or changed between two snapshots. */
function changedOutside(a: Map<string, string>, b: Map<string, string>, folder: string): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths]
    .filter((path) => !path.startsWith(`${folder}/`) && a.get(path) !== b.get(path))
    .sort();
}
const edit = (path: string, change: (text: string) => string) =>
  writeFileSync(inCopy(path), change(readFileSync(inCopy(path), 'utf8')));

/** A page's text as a reader gets it: tags dropped, entities decoded. */
function pageText(path: string): string {
  return readFileSync(inCopy(path), 'utf8')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

beforeAll(() => {
  copy = copyRepository();
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('the authoring guide, followed in a copy of the repository', () => {
  it('scaffolds, captures, checks fixtures and builds a lesson and an exercise', () => {
    // A lesson, with its capture session scaffolded and recorded: one new folder, numbered
    // after the last lesson; the outline needs no entry, and, below, neither does its exercise.
    const untouched = snapshot();
    const lessonsBefore = readdirSync(inCopy('lessons'));
    const planBefore = readFileSync(inCopy('src/content/outline.ts'), 'utf8');
    step('newLesson');
    const lessonFile = `lessons/12-${EXAMPLE.lesson}/lesson.mdx`;
    expect(readdirSync(inCopy('lessons')).sort()).toEqual(
      [...lessonsBefore, `12-${EXAMPLE.lesson}`].sort(),
    );
    expect(readFileSync(inCopy('src/content/outline.ts'), 'utf8')).toBe(planBefore);
    const folder = `lessons/12-${EXAMPLE.lesson}`;
    expect(readFileSync(inCopy(`${folder}/captures/${EXAMPLE.lesson}.jsonl`), 'utf8')).toContain(
      '\\"method\\":\\"initialize\\"',
    );

    // A second session in the same lesson's file, described: it asks for an order that does
    // not exist (the first session, above it, keeps asking for one that does).
    step('newCapture');
    edit(`${folder}/sessions.ts`, (t) => {
      const second = t.indexOf('async function captureOrderLookupErrors');
      expect(second).toBeGreaterThan(t.indexOf('async function captureOrderLookup('));
      return (
        t.slice(0, second) + t.slice(second).replace('script.orderFound', 'script.orderMissing')
      );
    });
    step('capture');
    step('captureCheck');

    // An exercise for the lesson, with one mistaken and one correct fixture, all in the
    // lesson's folder.
    step('newExercise');
    const exercise = `${folder}/exercises/${EXAMPLE.exercise}`;
    const solution = readFileSync(inCopy(`${exercise}/solution/client.ts`), 'utf8');
    const fixture = (name: string, text: string) => {
      const dir = inCopy(`${exercise}/fixtures/${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'client.ts'), text);
    };
    const printed = 'console.log(JSON.stringify(call.result?.structuredContent));';
    expect(solution).toContain(printed);
    fixture(
      EXAMPLE.mistaken,
      solution.replace(printed, 'console.log(JSON.stringify(call.result?.content));'),
    );
    fixture(
      EXAMPLE.correct,
      solution.replace(
        printed,
        'process.stdout.write(`${JSON.stringify(call.result?.structuredContent)}\\n`);',
      ),
    );
    const table = step('fixtures', 180_000);
    const verdict = (name: string) =>
      table
        .split('\n')
        .find((line) => line.startsWith(`${name} `))
        ?.trim()
        .split(/\s+/)
        .at(-1);
    expect(verdict('starter')).toBe('failed');
    expect(verdict('solution')).toBe('passed');
    expect(verdict(EXAMPLE.mistaken)).toBe('failed');
    expect(verdict(EXAMPLE.correct)).toBe('passed');
    expect(table).toContain('Expected stdout to be');
    // Their runs stored beside their folders, for the fixture table's test to judge.
    step('record', 180_000);
    for (const name of [EXAMPLE.mistaken, EXAMPLE.correct]) {
      const record = readFileSync(inCopy(`${exercise}/fixtures/${name}.record.json`), 'utf8');
      expect(JSON.parse(record)).toMatchObject({ exercise: EXAMPLE.exercise, fixture: name });
    }

    // The lesson, its captures, the exercise, its fixtures and its fixture table: one new
    // folder, and not one file outside it written or changed.
    expect(changedOutside(untouched, snapshot(), folder)).toEqual([]);
    expect(readdirSync(inCopy(exercise)).sort()).toEqual(
      [
        'check.ts',
        'exercise.json',
        'fixtures',
        'fixtures.test.ts',
        'solution',
        'starter',
        'task.md',
      ].sort(),
    );

    // The lesson lists the exercise, shows the second capture and offers the exercise.
    edit(lessonFile, (t) =>
      t
        .replace(
          "import Recap from '../../components/Recap.astro';",
          "import Recap from '../../components/Recap.astro';\nimport TryIt from '../../components/TryIt.astro';",
        )
        .replace(
          '## Try this',
          `<Frames capture="${EXAMPLE.capture}" ids={[4]} caption="An order that does not exist" />\n\n` +
            `<TryIt id="${EXAMPLE.exercise}" />\n\n## Try this`,
        ),
    );

    step('build', 600_000);
    const lesson = readFileSync(inCopy(`dist/lessons/${EXAMPLE.lesson}/index.html`), 'utf8');
    expect(lesson).toContain(EXAMPLE.lessonTitle);
    expect(lesson).toContain(`data-capture="${EXAMPLE.lesson}"`);
    expect(lesson).toContain(`data-capture="${EXAMPLE.capture}"`);
    expect(lesson.match(/data-frame-source/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(lesson).toContain(`href="/exercises/${EXAMPLE.exercise}/"`);
    // Found from its folder: on the home page's outline, in every lesson's sidebar, and as the
    // last lesson's next.
    const href = `href="/lessons/${EXAMPLE.lesson}/"`;
    expect(readFileSync(inCopy('dist/index.html'), 'utf8')).toContain(href);
    const before = readFileSync(inCopy('dist/lessons/what-changes-next/index.html'), 'utf8');
    expect(before.split(href).length - 1).toBeGreaterThanOrEqual(2);
    expect(pageText(`dist/lessons/${EXAMPLE.lesson}/index.html`)).toContain('PT-9999');
    expect(pageText(`dist/exercises/${EXAMPLE.exercise}/index.html`)).toContain(
      EXAMPLE.exerciseTitle,
    );

    // The guide itself shows every message it quotes.
    const guide = pageText('dist/guide/index.html');
    for (const [key, quote] of Object.entries(QUOTES)) expect(guide, key).toContain(quote.text);
  }, 600_000);

  it("finds the lesson in search and checks its exercise's starter in the workbench, in Chromium", async () => {
    const dist = inCopy('dist');
    // Built by the test above, from the copy: without it there is nothing to open.
    expect(existsSync(join(dist, 'lessons', EXAMPLE.lesson, 'index.html'))).toBe(true);
    const site = await startWorkshop({
      dist,
      exercisesRoot: copy,
      harnessMain: inCopy('sandbox/harness/main.ts'),
      port: 0,
      runtime: true,
    });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(60_000);
      // A word only the new lesson's text and frames hold.
      await page.goto(`${site.url}search/?q=PT-9999`);
      await page.locator(`.search-hit a[href^="/lessons/${EXAMPLE.lesson}/"]`).first().waitFor();

      await page.goto(`${site.url}exercises/${EXAMPLE.exercise}/?runtime=local`);
      await page.getByRole('button', { name: 'Start workbench' }).click();
      const check = page.locator('[data-action="check"]:not([disabled])').first();
      await check.click();
      // The scaffold's starter is not a solution: the harness judges it, and it fails.
      await page.locator('.wb-checks-summary[data-state="fail"]').waitFor();
    } finally {
      await browser.close();
      await site.close();
    }
  }, 180_000);
});

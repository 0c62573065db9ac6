// A speed goal: a course of 50 lessons builds in time linear in its lessons. The
// project's files are copied to a temporary folder outside the repo (node_modules linked, not
// copied) and built twice: as they are (the real lessons, the baseline) and with copies of
// one lesson added, under new names and orders, up to 50. Two figures: the build time each
// extra lesson adds, and, as the test of linearity, whether a page costs more to render in
// the larger course (Astro's time for each real lesson page in both builds, paired): a build
// whose pages each grow with the number of lessons is quadratic in them.
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, ms, NPM, REPO, type Goal } from './goal.ts';
import { LESSON_FILE, lessonFolderName, lessonFolders } from '../sandbox/course/lesson-folders.ts';

const LESSONS = 50;
const COPIED = 'the-wire';
const COPY_PREFIX = 'scale-copy-';
/** Above this a page costs more in the larger course: the build is not linear. */
const LINEAR = 1.5;

function copyProject(dest: string): void {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: REPO,
    },
  );
  for (const file of listed.toString('utf8').split('\0')) {
    if (!file || !existsSync(join(REPO, file))) continue; // deleted but not yet committed
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(join(REPO, file), join(dest, file));
  }
  symlinkSync(join(REPO, 'node_modules'), join(dest, 'node_modules'), 'dir');
}

/** Adds copies of one lesson, each a folder with its own number, slug and title, up to `total`. */
function addLessonCopies(dir: string, total: number): number {
  const lessons = lessonFolders(dir);
  const source = readFileSync(join(dir, lessons.find((l) => l.slug === COPIED)!.file), 'utf8');
  const copies = total - lessons.length;
  for (let i = 1; i <= copies; i++) {
    const n = String(i).padStart(2, '0');
    const folder = join(dir, 'lessons', lessonFolderName(100 + i, `${COPY_PREFIX}${n}`));
    mkdirSync(folder);
    // No exercise names a copy, so the copies list none.
    writeFileSync(
      join(folder, LESSON_FILE),
      source.replace(/^title: .*$/m, `title: 'Scale copy ${n}'`),
    );
  }
  return copies;
}

/** Builds the copy; returns the wall-clock ms and Astro's log. */
function build(dir: string): Promise<{ ms: number; log: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NPM, ['run', '--silent', 'build'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    let log = '';
    child.stdout.on('data', (b: Buffer) => (log += b.toString()));
    child.stderr.on('data', (b: Buffer) => (log += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ ms: performance.now() - started, log });
      else reject(new Error(`build in ${dir} exited with ${code}:\n${log.slice(-3000)}`));
    });
  });
}

/** Astro's "(+N ms)" for each lesson page of a build, by slug. */
function lessonPageTimes(log: string): Map<string, number> {
  // Astro colours its log; the times are read from the plain text.
  const plain = log.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
  const times = new Map<string, number>();
  for (const m of plain.matchAll(/\/lessons\/([\w-]+)\/index\.html \(\+([\d.]+)(m?s)\)/g)) {
    times.set(m[1]!, Number(m[2]) * (m[3] === 's' ? 1000 : 1));
  }
  return times;
}

export const buildScale: Goal = {
  name: 'build-scale',
  slow: { flag: 'scale', takes: 'two full site builds, about 3–6 min' },
  async measure() {
    const dir = mkdtempSync(join(tmpdir(), 'mcpw-scale-'));
    try {
      copyProject(dir);
      const base = await build(dir);
      const before = lessonFolders(dir).length;
      const added = addLessonCopies(dir, LESSONS);
      const scaled = await build(dir);
      const perLesson = (scaled.ms - base.ms) / added;
      const small = lessonPageTimes(base.log);
      const large = lessonPageTimes(scaled.log);
      // The same pages in both builds: does a page cost more when the course has more lessons?
      const growth = median(
        [...small].filter(([slug]) => large.has(slug)).map(([slug, t]) => large.get(slug)! / t),
      );
      const copies = [...large].filter(([slug]) => slug.startsWith(COPY_PREFIX)).map(([, t]) => t);
      if (small.size < before || copies.length < 20) {
        throw new Error(
          `found Astro's page times for ${small.size} of ${before} lessons and ${copies.length} of ${added} copies`,
        );
      }
      const early = median(copies.slice(0, 10));
      const late = median(copies.slice(-10));
      return [
        {
          measure: 'build scale',
          value: `${perLesson.toFixed(0)} ms per extra lesson`,
          goal: 'linear; about 20–60 ms per lesson over the floor',
          baseline: `${before}-lesson build ${ms(base.ms)}, ${LESSONS}-lesson build ${ms(scaled.ms)} (${added} copies of the lesson ${COPIED})`,
        },
        {
          measure: 'build scale, linearity',
          value: `${growth.toFixed(2)}× per-page render time at ${LESSONS} lessons against ${before}`,
          goal: `≤ ${LINEAR}× (linear: a page costs the same however many lessons there are)`,
          baseline:
            `median of page-by-page ratios over the ${small.size} real lessons, Astro's page times; ` +
            `within the ${LESSONS}-lesson build the first ten copies took ${ms(early)} a page, the last ten ${ms(late)}`,
          met: growth <= LINEAR,
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

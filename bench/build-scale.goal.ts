// Goal 6 of issue 16: a course of 50 lessons builds in time linear in its lessons. The
// project's files are copied to a temporary folder outside the repo (node_modules linked, not
// copied) and built twice: as they are (the real lessons, the baseline) and with copies of
// one lesson added, under new names and orders, up to 50. Two figures: the build time each
// extra lesson adds, and, as the test of linearity, the render time Astro reports for the
// last ten copies against the first ten (a build that gets dearer per page as pages grow
// shows as a ratio well above 1).
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, ms, type Goal } from './goal.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const LESSONS = 50;
const COPIED = 'the-wire.mdx';
const COPY_PREFIX = 'scale-copy-';
/** Above this the last copies render dearer than the first: the build is not linear. */
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

/** Adds copies of one lesson, each with its own file name, title and order, up to `total`. */
function addLessonCopies(dir: string, total: number): number {
  const lessons = join(dir, 'lessons');
  const present = readdirSync(lessons).filter((f) => f.endsWith('.mdx')).length;
  const source = readFileSync(join(lessons, COPIED), 'utf8');
  const copies = total - present;
  for (let i = 1; i <= copies; i++) {
    const n = String(i).padStart(2, '0');
    const text = source
      .replace(/^title: .*$/m, `title: 'Scale copy ${n}'`)
      .replace(/^order: .*$/m, `order: ${100 + i}`)
      // An exercise belongs to one lesson: the copies list none.
      .replace(/^exercises: .*$/m, 'exercises: []');
    writeFileSync(join(lessons, `${COPY_PREFIX}${n}.mdx`), text);
  }
  return copies;
}

/** Builds the copy; returns the wall-clock ms and Astro's log. */
function build(dir: string): Promise<{ ms: number; log: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', '--silent', 'build'], {
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

/** Astro's "(+N ms)" per copied lesson page, in copy order. */
function copyRenderTimes(log: string): number[] {
  // Astro colours its log; the times are read from the plain text.
  const plain = log.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
  const times: number[] = [];
  const line = new RegExp(
    `/lessons/${COPY_PREFIX}(\\d+)/index\\.html \\(\\+([\\d.]+)(m?s)\\)`,
    'g',
  );
  for (const m of plain.matchAll(line)) {
    times[Number(m[1]) - 1] = Number(m[2]) * (m[3] === 's' ? 1000 : 1);
  }
  return times.filter((t) => t !== undefined);
}

export const buildScale: Goal = {
  name: 'build-scale',
  slow: { flag: 'scale', takes: 'two full site builds, about 3–6 min' },
  async measure() {
    const dir = mkdtempSync(join(tmpdir(), 'mcpw-scale-'));
    try {
      copyProject(dir);
      const base = await build(dir);
      const before = readdirSync(join(dir, 'lessons')).filter((f) => f.endsWith('.mdx')).length;
      const added = addLessonCopies(dir, LESSONS);
      const scaled = await build(dir);
      const perLesson = (scaled.ms - base.ms) / added;
      const times = copyRenderTimes(scaled.log);
      if (times.length < 20) {
        throw new Error(
          `found Astro's render time for ${times.length} of ${added} copies in the build log`,
        );
      }
      const early = median(times.slice(0, 10));
      const late = median(times.slice(-10));
      const ratio = late / early;
      return [
        {
          measure: 'build scale',
          value: `${perLesson.toFixed(0)} ms per extra lesson`,
          goal: 'linear; about 20–60 ms per lesson over the floor',
          baseline: `${before}-lesson build ${ms(base.ms)}, ${LESSONS}-lesson build ${ms(scaled.ms)} (${added} copies of lessons/${COPIED})`,
        },
        {
          measure: 'build scale, linearity',
          value: `${ratio.toFixed(2)}× render time of the last ten copies against the first ten`,
          goal: `≤ ${LINEAR}× (linear)`,
          baseline: `first ten ${ms(early)}, last ten ${ms(late)} per page (medians of Astro's page times)`,
          met: ratio <= LINEAR,
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

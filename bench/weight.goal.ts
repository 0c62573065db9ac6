// The weight goals, what a learner waits for before an exercise runs, each as "measure: value
// (goal)" with its baseline measured in this same run (a Goal of bench/run.ts; `npm run bench
// -- weight` runs it alone):
// 1. the runtime the WebContainer mounts (runtime/manifest.json, and with lesson 11's extra
//    files), raw and gzipped, against the same container code bundled as it was before the
//    slimming (harness with Paper Trail v2 inside, packages apart, zod whole);
// 2. the JavaScript the exercise page fetches from "Start workbench" until the editor is
//    usable, gzipped: the static import closure of the chunk Start loads, from the built
//    chunks (exact: Vite writes every static import as an import statement), against all the
//    workbench can load after Start (what used to be one chunk);
// 3. how long an exercise page takes to say the sandbox cannot start when stackblitz.com does
//    not resolve (Chromium, workshop server, this machine's network), against the boot
//    timeout that used to be the only answer.
// Run after `npm run build` for 2 and 3 (they are skipped without dist/).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { loadExercises } from '../sandbox/exercises/loader.ts';
import { bundleRuntime, learnerImports, nodeBundle } from '../sandbox/runtime/build/bundle.ts';
import type { ExtraFiles, RuntimeManifest } from '../sandbox/runtime/shared/manifest.ts';
import { startWorkshop } from '../sandbox/workshop/server.ts';
import { launchChromium } from '../tests/e2e/browser.ts';
import type { Goal, GoalLine } from './goal.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const KB = (n: number) => `${(n / 1000).toFixed(0)} KB`;
const gz = (text: string | Uint8Array) => gzipSync(text).length;

/** The container code as it was bundled before: no shared chunks, no slimming. */
async function unslimmedCodeBytes(): Promise<{ raw: number; gz: number }> {
  // The same esbuild options as the bundler's, without its plugins and shared chunks.
  const common = nodeBundle;
  const harness = await build({
    ...common,
    stdin: {
      // The old harness served Paper Trail v2 itself.
      contents: [
        "import './sandbox/runtime/container/webcontainer-entry.ts';",
        "import './sandbox/runtime/container/paper-trail-v2-entry.ts';",
      ].join('\n'),
      resolveDir: repo,
      loader: 'ts',
    },
  });
  const out = mkdtempSync(join(tmpdir(), 'mcpw-weight-'));
  try {
    const packages = await build({
      ...common,
      entryPoints: learnerImports(loadExercises(repo)).map((spec, i) => ({
        in: spec,
        out: `p${i}`,
      })),
      splitting: true,
      outdir: out,
    });
    const texts = [harness, packages].flatMap((r) => r.outputFiles.map((f) => f.text));
    return { raw: texts.reduce((n, t) => n + Buffer.byteLength(t), 0), gz: gz(texts.join('\n')) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function mountedRuntime(): Promise<GoalLine[]> {
  const out = mkdtempSync(join(tmpdir(), 'mcpw-weight-'));
  try {
    const r = await bundleRuntime({ outDir: out, exercisesRoot: repo });
    const manifestText = readFileSync(r.manifestPath, 'utf8');
    const manifest = JSON.parse(manifestText) as RuntimeManifest;
    // The extra files (a known server's program of its own, Paper Trail v2's), by file name.
    const extraTexts = new Map(
      Object.values(r.extraFiles).map((f) => [basename(f.path), readFileSync(f.path, 'utf8')]),
    );
    const extras = [...extraTexts.values()].map((text) => JSON.parse(text) as ExtraFiles);
    const codeOf = (files: Record<string, string>) =>
      Object.entries(files)
        .filter(([path]) => !path.startsWith('exercises/') && /\.m?js$/.test(path))
        .map(([, text]) => text);
    const code = [...codeOf(manifest.files), ...extras.flatMap((e) => codeOf(e.files))];
    const codeRaw = code.reduce((n, t) => n + Buffer.byteLength(t), 0);
    const before = await unslimmedCodeBytes();
    const [withExtra, { extraFiles = '' } = {}] =
      Object.entries(manifest.exercises).find(([, e]) => e.extraFiles) ?? [];
    const extraText = extraTexts.get(extraFiles) ?? '';
    const raw = Buffer.byteLength(manifestText);
    const zipped = gz(manifestText);
    const codeGz = gz(code.join('\n'));
    const baseline = `the same container code bundled as before (harness with Paper Trail v2 inside, packages apart, zod whole): ${KB(before.raw)} raw, ${KB(before.gz)} gzipped; now ${KB(codeRaw)} and ${KB(codeGz)} (ratios ${(codeRaw / before.raw).toFixed(2)}, ${(codeGz / before.gz).toFixed(2)})`;
    return [
      {
        measure: 'mounted runtime, raw',
        value: KB(raw),
        goal: '≤ 1000 KB',
        baseline,
        met: raw <= 1_000_000,
      },
      {
        measure: 'mounted runtime, gzipped',
        value: KB(zipped),
        goal: '≤ 250 KB',
        baseline,
        met: zipped <= 250_000,
      },
      {
        measure: `mounted runtime for ${withExtra ?? 'an exercise with extra files'} (with its extra file)`,
        value: `${KB(raw + Buffer.byteLength(extraText))} raw, ${KB(zipped + gz(extraText))} gzipped`,
        goal: 'none: the one exercise on the 2026 SDK',
        baseline: 'as above',
      },
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Built chunks: static imports (`from"./x.js"`, `import"./x.js"`) and dynamic ones. */
function chunkGraph(dir: string) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const text = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const find = (re: RegExp, f: string) =>
    [...(text.get(f) ?? '').matchAll(re)].map((m) => m[1]).filter((x) => text.has(x));
  return {
    files,
    gz: (f: string) => gz(text.get(f) ?? ''),
    statics: (f: string) => find(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g, f),
    dynamics: (f: string) => [
      ...find(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g, f),
      // Vite's preload helper names a dynamic import's file as a string it resolves itself.
      ...find(/["'`]_?astro\/([^"'`]+\.js)["'`]/g, f),
    ],
  };
}

function closure(start: string[], next: (f: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...next(f));
  }
  return seen;
}

function workbenchStart(): GoalLine[] {
  const dir = join(repo, 'dist/_astro');
  const page = join(repo, 'dist/exercises/raw-client/index.html');
  if (!existsSync(page)) return [skipped('workbench start')];
  const g = chunkGraph(dir);
  const html = readFileSync(page, 'utf8');
  const onPage = [...html.matchAll(/_astro\/([^"'\s]+\.js)/g)].map((m) => m[1]);
  const beforeStart = closure(onPage, g.statics);
  const script = [...beforeStart].find((f) => f.startsWith('Workbench.astro'));
  const workbench = script && g.dynamics(script).find((f) => f.startsWith('workbench.'));
  if (!workbench) throw new Error('workbench start: the chunk Start loads was not found');
  const startup = [...closure([workbench], g.statics)].filter((f) => !beforeStart.has(f));
  const everything = [...closure([workbench], (f) => [...g.statics(f), ...g.dynamics(f)])].filter(
    (f) => !beforeStart.has(f) && !f.startsWith('strip-types.'),
  );
  const sum = (fs: string[]) => fs.reduce((n, f) => n + g.gz(f), 0);
  const terminal = everything.find((f) => f.startsWith('terminal.'));
  return [
    {
      measure: 'workbench start, JS gzipped from Start until the editor is usable',
      value: `${KB(sum(startup))} (${startup.join(', ')})`,
      goal: '≤ 150 KB',
      baseline: `all the workbench loads after Start (the stripper aside), as one chunk used to: ${KB(sum(everything))}, ratio ${(sum(startup) / sum(everything)).toFixed(2)}; xterm, loaded with the terminal's first line: ${terminal ? KB(g.gz(terminal)) : 'not a chunk of its own'}`,
      met: sum(startup) <= 150_000,
    },
  ];
}

async function bootFailure(): Promise<GoalLine[]> {
  if (!existsSync(join(repo, 'dist/exercises/raw-client/index.html'))) {
    return [skipped('boot failure')];
  }
  const ws = await startWorkshop({
    dist: join(repo, 'dist'),
    exercisesRoot: repo,
    harnessMain: join(repo, 'sandbox/harness/main.ts'),
    port: 0,
    runtime: false,
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(ws.url + 'exercises/raw-client/');
    // Timed in the page, from the click's event to the box's showing, so that neither the
    // driver's round trips nor its polling count.
    await page.evaluate(() => {
      const w = window as unknown as { clickedAt?: number; shownAt?: number };
      const box = document.querySelector<HTMLElement>('[data-boot-error]')!;
      document.addEventListener('click', () => (w.clickedAt ??= performance.now()), true);
      new MutationObserver(() => {
        if (!box.hidden) w.shownAt ??= performance.now();
      }).observe(box, { attributes: true });
    });
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible', timeout: 30_000 });
    const ms = await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; shownAt: number };
      return w.shownAt - w.clickedAt;
    });
    const reason = await box.getAttribute('data-reason');
    return [
      {
        measure: 'boot failure, stackblitz.com unresolvable: the page says so after',
        value: `${(ms / 1000).toFixed(2)} s (reason ${reason})`,
        goal: '≤ 3 s',
        baseline: `the boot timeout, 20 s, that used to be the only answer: ratio ${(ms / 20_000).toFixed(3)}`,
        met: ms <= 3000 && reason === 'unreachable',
      },
    ];
  } finally {
    await browser.close();
    await ws.close();
  }
}

function skipped(measure: string): GoalLine {
  return { measure, value: 'not measured: no dist/ (run `npm run build`)', goal: '', baseline: '' };
}

/** The weight goals, as a Goal of bench/run.ts. */
export const weight: Goal = {
  name: 'weight',
  async measure(): Promise<GoalLine[]> {
    return [...(await mountedRuntime()), ...workbenchStart(), ...(await bootFailure())];
  },
};

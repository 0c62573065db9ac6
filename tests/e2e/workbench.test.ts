// The workbench in Chromium against `npm run workshop`: edit, run, check, reload; the clear
// failure screen when the in-browser sandbox cannot boot; the endpoint refusing strangers.
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCapture } from '../../sandbox/wire/capture-file.ts';
import { launchChromium, SCREENSHOTS } from './browser.ts';
import { REPO, startWorkshopCli, type RunningWorkshop } from './workshop.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const RAW_CLIENT = exerciseFolderOf('raw-client', REPO)!.dir;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const EXERCISE = '/exercises/raw-client/';

/** client.ts as the workbench saved it in localStorage. */
function savedClient(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('mcpw:exercise:raw-client');
    return raw
      ? (JSON.parse(raw) as { files: Record<string, string> }).files['client.ts']
      : undefined;
  });
}

/** Compare with solution, then apply it: the two steps that replace the learner's code. */
async function applySolution(page: Page): Promise<void> {
  await page.click('[data-action="solution"]');
  await page.click('[data-action="apply-solution"]');
}

/**
 * What the terminal shows, read where a learner reads it: xterm draws only while on screen,
 * so the pane is scrolled into view first (an open diff or a note can push it below).
 */
async function terminalText(page: Page, tree: 'rows' | 'accessibility' = 'rows') {
  await page.locator('[data-terminal]').scrollIntoViewIfNeeded();
  const selector = tree === 'rows' ? '.xterm-rows' : '.xterm-accessibility-tree';
  return (await page.locator(selector).textContent()) ?? '';
}

async function shoot(page: Page, name: string) {
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      const path = join(SCREENSHOTS, `workbench-${name}-${label}-${theme}.png`);
      // Long frames and messages scroll or wrap inside their panes; the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      // A phone page is too tall to read whole: shoot the workbench, not the task above it.
      if (width === 390) await page.locator('[data-workbench]').screenshot({ path });
      else await page.screenshot({ path, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => delete document.documentElement.dataset.theme);
}

describe('workbench on the local runtime', () => {
  let ws: RunningWorkshop;
  let context: BrowserContext;
  beforeAll(async () => {
    // A generous run time limit: a correct solution on a loaded machine must not time out.
    ws = await startWorkshopCli(['--timeout-ms', '30000']);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Runs start three Node processes each; on a loaded CI machine that takes a while.
    context.setDefaultTimeout(60_000);
  });
  afterAll(async () => {
    await context?.close();
    await ws?.close();
  });

  it('edits, runs, checks, and keeps the edit and the done mark across a reload', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('dialog', (d) => void d.accept());
    await page.goto(ws.url + EXERCISE.slice(1));
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const meta = JSON.parse(await readFile(join(RAW_CLIENT, 'exercise.json'), 'utf8')) as {
      title: string;
    };
    expect(await page.locator('h1').textContent()).toBe(meta.title);

    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    expect(await page.locator('[data-runtime-label]').textContent()).toContain('local runtime');

    // Check the untouched starter first: failures must be visible and specific.
    await page.click('[data-action="check"]');
    await page.locator('.wb-checks-summary[data-state="fail"]').waitFor();
    expect(await page.locator('.wb-check--fail').count()).toBeGreaterThan(0);
    // Checks with nothing to judge are neither green nor red, and say so in words.
    const unreached = page.locator('.wb-check--not-reached');
    expect(await unreached.count()).toBeGreaterThan(0);
    expect(await unreached.first().locator('.wb-check-mark').getAttribute('aria-label')).toBe(
      'not reached',
    );
    expect(await unreached.first().locator('.wb-check-message').textContent()).toMatch(
      /^Not reached: /,
    );
    expect(await unreached.locator('.wb-check-hint').count()).toBe(0);
    // The starter sends nothing: the frame pane says so rather than waiting for frames.
    expect(await page.locator('[data-frames-empty]').textContent()).toContain(
      'No frame crossed the wire',
    );

    // Type the fix: replace the editor's content with the solution, as a paste would.
    const solution = await readFile(join(RAW_CLIENT, 'solution/client.ts'), 'utf8');
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(solution);
    // CodeMirror renders only the visible lines, so read what the workbench saved.
    await expect.poll(() => savedClient(page), { timeout: 10_000 }).toBe(solution);

    await page.keyboard.press('ControlOrMeta+Enter');
    await page.locator('#frame-0').waitFor();
    await page.locator('[data-action="run"]:not([disabled])').waitFor();
    expect(await page.locator('#frame-0 .frame-kind').textContent()).toBe('request');
    expect(await page.locator('.wb-frames .frame--s2c').count()).toBeGreaterThan(0);
    // xterm loads on the run's first line and draws on an animation frame: poll. The same
    // output is in its accessibility tree, where a screen reader reads it.
    await expect.poll(() => terminalText(page)).toContain('PT-1041');
    await expect.poll(() => terminalText(page, 'accessibility')).toContain('PT-1041');
    await shoot(page, 'after-run');

    await page.click('[data-action="check"]');
    await page.locator('.wb-checks-summary[data-state="ok"]').waitFor();
    expect(await page.locator('.wb-check--fail').count()).toBe(0);
    expect(await page.locator('.wb-check--ok').count()).toBeGreaterThan(0);
    const link = page.locator('.wb-check-frame').first();
    const target = (await link.getAttribute('href')) ?? '';
    expect(await page.locator(target).count()).toBe(1);
    expect(await page.locator('[data-exercise-status="raw-client"]').textContent()).toBe('done');
    await shoot(page, 'after-check');

    // "Download frames" saves the run as a capture file: every frame of the pane, in order,
    // readable by the same reader the lessons' captures go through.
    const shownFrames = await page.locator('.wb-frames li.frame').count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-frames-download]'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^raw-client-frames-.*\.jsonl$/);
    const saved = parseCapture(
      await readFile((await download.path())!, 'utf8'),
      download.suggestedFilename(),
    );
    expect(saved.length).toBe(shownFrames);
    expect(JSON.parse(saved[0]!.text)).toMatchObject({ method: 'initialize' });

    await page.reload();
    expect(await page.locator('[data-exercise-status="raw-client"]').textContent()).toBe('done');
    expect((await page.locator('[data-preview]').textContent())?.trim()).toBe(solution.trim());
    await page.click('[data-action="start"]');
    await page.locator('.cm-content').waitFor();
    const firstLines = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.cm-content .cm-line'), (l) => l.textContent)
        .slice(0, 5)
        .join('\n'),
    );
    expect(firstLines).toBe(solution.split('\n').slice(0, 5).join('\n'));
    expect(await savedClient(page)).toBe(solution);

    // The lesson's exercise list and the home outline show the same progress.
    for (const path of ['lessons/the-wire/', '']) {
      await page.goto(ws.url + path);
      const status = page.locator('[data-exercise-status="raw-client"]').first();
      await expect.poll(() => status.textContent()).toBe('done');
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('compares with the solution without touching the code, applies it, restores the code', async () => {
    const page = await context.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.click('[data-action="start"]');
    await page.locator('.cm-content').waitFor();
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+A');
    const mine = '// my own attempt\nimport { spawn } from "node:child_process";\n';
    await page.keyboard.insertText(mine);
    await expect.poll(() => savedClient(page), { timeout: 10_000 }).toBe(mine);

    await page.click('[data-action="solution"]');
    const diff = page.locator('[data-solution-diff]');
    await diff.waitFor();
    expect(await page.locator('[data-action="solution"]').getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await diff.locator('.wb-diff-line--del').first().textContent()).toContain(
      '// my own attempt',
    );
    expect(await diff.locator('.wb-diff-line--add').count()).toBeGreaterThan(5);
    await page.screenshot({ path: join(SCREENSHOTS, 'workbench-solution-diff.png') });
    expect(await savedClient(page)).toBe(mine);

    const solution = await readFile(join(RAW_CLIENT, 'solution/client.ts'), 'utf8');
    await page.click('[data-action="apply-solution"]');
    await expect.poll(() => savedClient(page)).toBe(solution);
    expect(await diff.isHidden()).toBe(true);
    // The kept code survives a reload; one click brings it back.
    await page.reload();
    await page.click('[data-action="start"]');
    await page.locator('[data-action="restore-kept"]').click();
    await expect.poll(() => savedClient(page)).toBe(mine);
    expect(await page.locator('[data-kept-note]').isHidden()).toBe(true);

    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.click('[data-action="reset"]');
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/starter/);
    expect(await savedClient(page)).toBe(mine);
    await page.close();
  });

  it('warns when another tab saves different code, and a stale tab never saves over it', async () => {
    const [mine, other] = [await context.newPage(), await context.newPage()];
    mine.on('dialog', (d) => void d.accept());
    await mine.goto(ws.url + EXERCISE.slice(1));
    // Both tabs open on a saved solution, so the stale one's Check will pass.
    const solution = await readFile(join(RAW_CLIENT, 'solution/client.ts'), 'utf8');
    await mine.evaluate((text) => {
      localStorage.clear();
      const progress = { files: { 'client.ts': text }, done: false };
      localStorage.setItem('mcpw:exercise:raw-client', JSON.stringify(progress));
    }, solution);
    for (const page of [mine, other]) {
      await page.goto(ws.url + EXERCISE.slice(1));
      await page.click('[data-action="start"]');
      await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    }
    await other.click('.cm-content');
    await other.keyboard.press('ControlOrMeta+A');
    await other.keyboard.insertText('// typed in the other tab\n');
    await expect.poll(() => savedClient(mine)).toBe('// typed in the other tab\n');

    const warning = mine.locator('[data-other-tab]');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toContain('another tab');
    // Running the untouched, stale tab must not replace what the other tab saved.
    await mine.click('[data-action="run"]');
    await mine.locator('[data-action="run"]:not([disabled])').waitFor();
    expect(await savedClient(mine)).toBe('// typed in the other tab\n');
    // Nor must its passing Check: the pass is saved as the done mark alone.
    await mine.click('[data-action="check"]');
    await mine.locator('.wb-checks-summary[data-state="ok"]').waitFor();
    expect(await mine.locator('[data-exercise-status="raw-client"]').textContent()).toBe('done');
    expect(await savedClient(mine)).toBe('// typed in the other tab\n');

    await mine.click('[data-action="take-other"]');
    await warning.waitFor({ state: 'hidden' });
    expect(await mine.locator('.cm-content .cm-line').first().textContent()).toBe(
      '// typed in the other tab',
    );
    await other.close();
    await mine.close();
  });

  it('starts on damaged saved progress, names what it left out, and resets', async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await page.goto(ws.url + EXERCISE.slice(1));
    // A file that is not text, and a stranger whose name is markup: both left out, as text.
    await page.evaluate(() => {
      const files = { 'client.ts': 123, '<img src=x onerror=window.__pwned=1>': '' };
      localStorage.setItem('mcpw:exercise:raw-client', JSON.stringify({ files, done: true }));
    });
    await page.reload();
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    const note = page.locator('[data-progress-damage]');
    await note.waitFor({ state: 'visible' });
    expect(await note.locator('li').allTextContents()).toEqual([
      '"client.ts" (it is not text)',
      '"<img src=x onerror=window.__pwned=1>" (not files of this exercise)',
    ]);
    expect(await note.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // The done mark was whole, so it was kept; the editor holds the starter, and runs.
    expect(await page.locator('[data-exercise-status="raw-client"]').textContent()).toBe('done');
    const starter = await readFile(join(RAW_CLIENT, 'starter/client.ts'), 'utf8');
    expect(await page.locator('.cm-content .cm-line').first().textContent()).toBe(
      starter.split('\n')[0],
    );
    await page.click('[data-action="check"]');
    await page.locator('.wb-checks-summary[data-state="fail"]').waitFor();
    await shoot(page, 'damaged-progress');

    await page.click('[data-action="reset-damaged"]');
    await note.waitFor({ state: 'hidden' });
    const stored = await page.evaluate(() => localStorage.getItem('mcpw:exercise:raw-client'));
    expect(JSON.parse(stored ?? 'null')).toEqual({ files: { 'client.ts': starter }, done: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs and checks the other exercises: stdout-is-the-wire and two-kinds-of-failure', async () => {
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(ws.url + 'exercises/stdout-is-the-wire/');
    await page.evaluate(() => localStorage.removeItem('mcpw:exercise:stdout-is-the-wire'));
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    // The starter's banner shows up as a stray frame: the lesson of the exercise, visible.
    await page.click('[data-action="run"]');
    await page.locator('[data-action="run"]:not([disabled])').waitFor();
    expect(await page.locator('.wb-frames [data-tone="stray"]').count()).toBeGreaterThan(0);

    await applySolution(page);
    await page.click('[data-action="run"]');
    await page.locator('#frame-0').waitFor();
    await page.locator('[data-action="run"]:not([disabled])').waitFor();
    expect(await page.locator('.wb-frames [data-tone="stray"]').count()).toBe(0);
    await expect.poll(() => terminalText(page)).toContain('PT-1041');
    await page.click('[data-action="check"]');
    await page.locator('.wb-checks-summary[data-state="ok"]').waitFor();
    expect(await page.locator('.wb-check--fail').count()).toBe(0);
    expect(await page.locator('[data-exercise-status="stdout-is-the-wire"]').textContent()).toBe(
      'done',
    );

    await page.goto(ws.url + 'exercises/two-kinds-of-failure/');
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    await applySolution(page);
    await page.click('[data-action="check"]');
    await page.locator('.wb-checks-summary[data-state="ok"]').waitFor();
    expect(await page.locator('.wb-check--fail').count()).toBe(0);
    await page.close();
  });

  it('starts from the keyboard and leaves focus in the editor, ready to type', async () => {
    const page = await context.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    await page.focus('[data-action="start"]');
    await page.keyboard.press('Enter');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    const inEditor = () =>
      page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null);
    await expect.poll(inEditor).toBe(true);
    // A screen reader hears the file and how to run; Tab is not a trap.
    const content = page.locator('.cm-content');
    expect(await content.getAttribute('aria-label')).toBe('Code editor: client.ts');
    const hint = await content.getAttribute('aria-describedby');
    expect(await page.locator(`#${hint}`).textContent()).toContain('runs your code');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    await page.close();
  });

  it('shows hostile frame text as text, never as markup', async () => {
    const page = await context.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(
      [
        "import { spawn } from 'node:child_process';",
        'const [cmd, ...args] = process.argv.slice(2);',
        "const s = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });",
        's.stdin.end(\'<img src=x onerror="window.__pwned=1">\\n\');',
        '',
      ].join('\n'),
    );
    await page.click('[data-action="run"]');
    await page.locator('#frame-0').waitFor();
    expect(await page.locator('#frame-0 .badge').textContent()).toContain('not JSON');
    expect(await page.locator('#frame-0 .frame-raw code').textContent()).toContain('<img src=x');
    expect(await page.locator('.wb-frames img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('has no serious accessibility problems before Start, with the solution diff open and after a check, in both themes', async () => {
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(ws.url + EXERCISE.slice(1));
    const problems = async (when: string) => {
      const found: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
        const result = await new AxeBuilder({ page }).include('main').analyze();
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            found.push(
              `${when}/${theme}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
            );
          }
        }
      }
      return found;
    };
    const before = await problems('before start');
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    // The comparison with the solution, open: its diff marks must read and contrast too.
    await page.click('[data-action="solution"]');
    await page.locator('[data-solution-diff]:not([hidden]) .wb-diff-sign').first().waitFor();
    const diffOpen = await problems('diff open');
    await page.click('[data-action="apply-solution"]');
    await page.click('[data-action="check"]');
    await page.locator('.wb-checks-summary[data-state="ok"]').waitFor();
    expect([...before, ...diffOpen, ...(await problems('after check'))]).toEqual([]);
    await page.close();
  });

  it('colours the terminal from the page theme, and follows the theme toggle', async () => {
    const page = await context.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    await page.click('[data-action="start"]');
    await page.locator('.xterm-rows').waitFor();
    // The page's own text colour, resolved in the current theme.
    const pageFg = () =>
      page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('span'));
        probe.style.color = 'var(--fg)';
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      });
    const terminalFg = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.xterm-rows')!).color);
    const seen: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      const want = await pageFg();
      await expect.poll(terminalFg).toBe(want);
      seen.push(want);
    }
    expect(seen[0]).not.toBe(seen[1]);
    await page.close();
  });

  it('shows reference files in read-only tabs that typing cannot change', async () => {
    const page = await context.newPage();
    await page.goto(ws.url + 'exercises/stdout-is-the-wire/');
    await page.click('[data-action="start"]');
    await page.locator('.cm-content').waitFor();
    await page.click('[data-tab="client.ts"]');
    expect(await page.locator('[data-tab="client.ts"]').textContent()).toContain('read-only');
    expect(await page.locator('.cm-content').getAttribute('contenteditable')).toBe('false');
    expect(await page.locator('.cm-content').getAttribute('aria-label')).toBe(
      'Code editor: client.ts (read-only)',
    );
    const first = await page.locator('.cm-line').first().textContent();
    await page.click('.cm-content');
    await page.keyboard.insertText('tampered ');
    expect(await page.locator('.cm-line').first().textContent()).toBe(first);
    await page.click('[data-tab="server.ts"]');
    expect(await page.locator('.cm-content').getAttribute('contenteditable')).toBe('true');
    await page.close();
  });

  it('warns visibly when storage is full instead of losing edits silently', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError');
      };
    });
    await page.goto(ws.url + EXERCISE.slice(1));
    await page.click('[data-action="start"]');
    await page.locator('.cm-content').waitFor();
    await page.click('.cm-content');
    await page.keyboard.insertText('// one more line\n');
    const warning = page.locator('[data-storage-warning]');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toContain('NOT saved');
    await page.close();
  });

  it('?runtime=local names the Node it runs on and how long the boot took', async () => {
    const page = await context.newPage();
    await page.goto(`${ws.url}${EXERCISE.slice(1)}?runtime=local`);
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
    expect(await page.locator('[data-runtime-label]').textContent()).toMatch(
      /^Runs on this computer \(local runtime, Node v\d+\.\d+\.\d+\)$/,
    );
    const summary = page.locator('[data-boot-summary]');
    expect(await summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toMatch(
      /^Local runtime ready in [\d.]+ m?s \(booting [\d.]+ m?s, mounting [\d.]+ m?s, checking Node [\d.]+ m?s\)$/,
    );
    // The same durations are in the page's performance timeline, for devtools.
    const measures = await page.evaluate(() =>
      performance.getEntriesByType('measure').map((m) => m.name),
    );
    expect(measures).toEqual(expect.arrayContaining(['mcpw:boot', 'mcpw:boot:booting']));
    await page.close();
  });

  it('?runtime=webcontainer uses the in-browser sandbox even where a local runtime runs', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Nothing listens on port 9: the sandbox iframe never loads, as when offline.
      (globalThis as Record<string, unknown>).WEBCONTAINER_API_IFRAME_URL =
        'http://127.0.0.1:9/headless';
      (globalThis as Record<string, unknown>).MCPW_BOOT_TIMEOUT_MS = 3000;
    });
    const tokenAsked: string[] = [];
    page.on('request', (r) => r.url().includes('/__runtime/') && tokenAsked.push(r.url()));
    await page.goto(`${ws.url}${EXERCISE.slice(1)}?runtime=webcontainer`);
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible' });
    // Failed, it runs nothing: no label that says where code runs; the notice says why the
    // browser's sandbox was tried here, and how to use this server's runtime instead.
    expect(await page.locator('[data-runtime-label]').textContent()).toBe('');
    expect(await box.getAttribute('data-reason')).toBe('unreachable');
    expect(await box.textContent()).toContain('?runtime=webcontainer');
    // Forced, the page never even asks the local runtime for a token.
    expect(tokenAsked).toEqual([]);
    await page.close();
  });
});

describe('workbench without a local runtime', () => {
  let ws: RunningWorkshop;
  beforeAll(async () => {
    ws = await startWorkshopCli(['--no-runtime']);
  });
  afterAll(async () => {
    await ws?.close();
  });

  it('says within seconds that the sandbox did not boot, and what to do', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Nothing listens on port 9: the sandbox iframe never loads, as when offline.
      (globalThis as Record<string, unknown>).WEBCONTAINER_API_IFRAME_URL =
        'http://127.0.0.1:9/headless';
      (globalThis as Record<string, unknown>).MCPW_BOOT_TIMEOUT_MS = 3000;
    });
    await page.goto(ws.url + EXERCISE.slice(1));
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible' });
    expect(await box.getAttribute('data-reason')).toBe('unreachable');
    expect(await box.textContent()).toContain('npm run workshop');
    expect(await page.locator('[data-action="start"]').textContent()).toContain('Try again');
    // Keyboard users land on the way forward, not on the page's top.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe(
      'start',
    );
    // The editor still works: nothing the learner typed is lost.
    expect(await page.locator('.cm-content').count()).toBe(1);
    // `npm run build` shipped the runtime bundle, same-origin, loadable under require-corp.
    const manifest = await page.evaluate(async () => {
      const res = await fetch('/runtime/manifest.json');
      const body = (await res.json()) as { files: Record<string, string> };
      return { status: res.status, files: Object.keys(body.files) };
    });
    expect(manifest.status).toBe(200);
    expect(manifest.files).toContain('runtime/harness.mjs');
    expect(manifest.files).toContain('exercises/raw-client/exercise.json');
    await page.screenshot({ path: join(SCREENSHOTS, 'workbench-boot-failed.png'), fullPage: true });
    await context.close();
  });

  it('says the sandbox host cannot be reached when stackblitz.com does not resolve, without waiting for the boot timeout', async () => {
    // No override at all: the real frame address, which this network cannot resolve, and the
    // real 20 s timeout, which must not be what answers.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible', timeout: 25_000 });
    expect(await box.getAttribute('data-reason')).toBe('unreachable');
    expect(await box.textContent()).toContain('stackblitz.com cannot be reached');
    expect(await box.textContent()).toContain('npm run workshop');
    await context.close();
  });

  it('tells a Firefox user at once that the sandbox needs another browser', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    const page = await context.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    const clicked = Date.now();
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible' });
    const waited = Date.now() - clicked;
    expect(await box.getAttribute('data-reason')).toBe('unsupported');
    const text = (await box.textContent()) ?? '';
    expect(text).toContain('does not run in Firefox');
    expect(text).toContain('Chromium-based');
    expect(text).toContain('npm run workshop');
    // No boot was tried: the stages never got past the first, and no 20 s timeout was waited.
    expect(await page.locator('[data-stage="mounting"][data-state="done"]').count()).toBe(0);
    expect(waited).toBeLessThan(10_000);
    await page.screenshot({ path: join(SCREENSHOTS, 'workbench-unsupported-browser.png') });
    await context.close();
  });

  it('?runtime=local on a server without one says so instead of booting anything', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${ws.url}${EXERCISE.slice(1)}?runtime=local`);
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible' });
    expect(await box.getAttribute('data-reason')).toBe('unavailable');
    expect(await box.textContent()).toContain('?runtime=local');
    await context.close();
  });

  it('explains a page served without COOP/COEP at once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route(`**${EXERCISE}`, async (route) => {
      const res = await route.fetch();
      const headers = { ...res.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response: res, headers });
    });
    await page.goto(ws.url + EXERCISE.slice(1));
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible' });
    expect(await box.getAttribute('data-reason')).toBe('not-isolated');
    await context.close();
  });
});

describe('runtime endpoint from a browser', () => {
  let ws: RunningWorkshop;
  let evil: Server;
  let evilUrl: string;
  beforeAll(async () => {
    ws = await startWorkshopCli();
    evil = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((r) => evil?.close(r));
    await ws?.close();
  });

  it('refuses a run without the token, even from the course page itself', async () => {
    const page = await browser.newPage();
    await page.goto(ws.url + EXERCISE.slice(1));
    const status = await page.evaluate(async () => {
      const res = await fetch('/__runtime/run', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ exercise: 'raw-client', mode: 'run', files: {} }),
      });
      return res.status;
    });
    expect(status).toBe(401);
    await page.close();
  });

  it('refuses a page on another origin, for the token and for a run', async () => {
    // The real token, as the course page itself reads it: what must never reach elsewhere.
    const course = await browser.newPage();
    await course.goto(ws.url + EXERCISE.slice(1));
    const token = await course.evaluate(async () => {
      const res = await fetch('/__runtime/token');
      return ((await res.json()) as { token: string }).token;
    });
    expect(token).toMatch(/^[\w-]{40,}$/);
    await course.close();

    const page = await browser.newPage();
    await page.goto(evilUrl);
    const seen: Record<string, number> = {};
    page.on('response', (r) => {
      if (r.url().includes('/__runtime/')) seen[new URL(r.url()).pathname] = r.status();
    });
    // A readable (CORS) request, the only kind whose answer a foreign page could see.
    const attempt = await page.evaluate(async (target) => {
      try {
        const res = await fetch(`${target}__runtime/token`);
        return { status: res.status, body: await res.text() };
      } catch (err) {
        return { error: String(err) };
      }
    }, ws.url);
    expect(attempt).toEqual({ error: 'TypeError: Failed to fetch' });
    expect(JSON.stringify(attempt)).not.toContain(token);

    // The server must not even produce the token or start a run for a foreign page. An
    // opaque (no-cors) request's status reaches the browser's network log, not the page.
    await page.evaluate(async (target) => {
      await fetch(`${target}__runtime/token`, { mode: 'no-cors' }).catch(() => undefined);
      await fetch(`${target}__runtime/run`, {
        method: 'POST',
        mode: 'no-cors',
        body: JSON.stringify({ exercise: 'raw-client', mode: 'run', files: {} }),
      }).catch(() => undefined);
    }, ws.url);
    await expect.poll(() => seen['/__runtime/token']).toBe(403);
    await expect.poll(() => seen['/__runtime/run']).toBe(403);
    await page.close();
  });
});

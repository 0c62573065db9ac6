// "Download this exercise" in Chromium on the built site: after Start the zip carries the
// editor's code (also when storage refuses to save it), before Start and after a failed boot
// the saved code; every zip holds the take-home harness. Screenshots go to /tmp/th-*.png.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { unzipSync, strFromU8 } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { REPO, startWorkshopCli, type RunningWorkshop } from './workshop.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const EXERCISE = 'exercises/raw-client/';
const FOLDER = 'mcp-wire-raw-client';
const SHOTS = process.env.TAKE_HOME_SHOTS ?? '/tmp';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a download control and unzips what the browser saved. */
async function download(page: Page, control: Locator): Promise<Record<string, string>> {
  const [file] = await Promise.all([page.waitForEvent('download'), control.click()]);
  expect(file.suggestedFilename()).toBe(`${FOLDER}.zip`);
  const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
  return Object.fromEntries(Object.entries(zip).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

const barLink = (page: Page) =>
  page.locator('.wb-meta').getByRole('button', { name: 'Download this exercise' });

describe('take-home download, local runtime', () => {
  let ws: RunningWorkshop;
  beforeAll(async () => {
    ws = await startWorkshopCli();
  });
  afterAll(async () => {
    await ws?.close();
  });

  it("zips the editor's current code after Start, with the harness beside it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(ws.url + EXERCISE);
    await page.click('[data-action="start"]');
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();

    // From here on nothing reaches storage (as in a browser that blocks it): the download
    // must take the code from the editor, not from saved progress.
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('blocked', 'SecurityError');
      };
    });
    await page.click('.cm-content');
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.insertText('// taken home: edit 42\n');
    const files = await download(page, barLink(page));
    const starter = await readFile(
      join(exerciseFolderOf('raw-client', REPO)!.dir, 'starter/client.ts'),
      'utf8',
    );
    expect(files[`${FOLDER}/client.ts`]).toBe(`// taken home: edit 42\n${starter}`);
    expect(files[`${FOLDER}/harness.mjs`].length).toBeGreaterThan(100_000);
    expect(Object.keys(files)).toContain(
      `${FOLDER}/node_modules/@modelcontextprotocol/sdk/client/index.js`,
    );
    expect(files[`${FOLDER}/exercises/raw-client/starter/client.ts`]).toBe(starter);
    expect(files[`${FOLDER}/README.md`]).toContain(`${ws.url}${EXERCISE}`);
    expect(problems).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'th-after-start.png'), fullPage: true });
    await context.close();
  });
});

describe('take-home download, no sandbox', () => {
  let ws: RunningWorkshop;
  beforeAll(async () => {
    ws = await startWorkshopCli(['--no-runtime']);
  });
  afterAll(async () => {
    await ws?.close();
  });

  it('offers the saved code before Start, and again in the boot-failure notice', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const saved = '// saved before this visit\nconsole.log("mine");\n';
    await page.addInitScript((text) => {
      localStorage.setItem(
        'mcpw:exercise:raw-client',
        JSON.stringify({ files: { 'client.ts': text }, done: false }),
      );
      // Nothing listens on port 9: the sandbox iframe never loads, as when offline.
      (globalThis as Record<string, unknown>).WEBCONTAINER_API_IFRAME_URL =
        'http://127.0.0.1:9/headless';
      (globalThis as Record<string, unknown>).MCPW_BOOT_TIMEOUT_MS = 3000;
    }, saved);
    await page.goto(ws.url + EXERCISE);

    // Before Start: the workbench script is not even loaded, the link works all the same.
    const before = await download(page, barLink(page));
    expect(before[`${FOLDER}/client.ts`]).toBe(saved);
    expect(Object.keys(before)).toContain(`${FOLDER}/harness.mjs`);

    await page.click('[data-action="start"]');
    const box = page.locator('[data-boot-error]');
    await box.waitFor({ state: 'visible' });
    const link = box.getByRole('button', { name: 'download this exercise' });
    expect(await link.isVisible()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'th-boot-failed.png'), fullPage: true });
    // The link inside the red notice must stay readable (contrast) and named, in both themes.
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      const result = await new AxeBuilder({ page }).include('[data-workbench]').analyze();
      const serious = result.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
    const after = await download(page, link);
    expect(after[`${FOLDER}/client.ts`]).toBe(saved);
    expect(after[`${FOLDER}/harness.mjs`]).toBe(before[`${FOLDER}/harness.mjs`]);
    await context.close();
  });
});

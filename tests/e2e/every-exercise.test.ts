// One exercise of each shape in Chromium, as a learner meets it: the untouched starter fails
// Check, the solution typed into the editor passes it, and the page marks the exercise done.
// The page treats two exercises of a shape alike (tabs for the editable files, the same run
// on the local runtime), so one of each proves it (tests/setup/exercise-shapes.ts); every
// exercise's checks are proved from the command line. Nothing here names an exercise.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExercises } from '../../sandbox/exercises/loader.ts';
import { shapeCover, shapeLabel } from '../setup/exercise-shapes.ts';
import { launchChromium, SCREENSHOTS } from './browser.ts';
import { REPO, startWorkshopCli, type RunningWorkshop } from './workshop.ts';

const cover = shapeCover(loadExercises(REPO));

/** One editable file as the workbench saved it in localStorage. */
function saved(page: Page, id: string, file: string): Promise<string | undefined> {
  return page.evaluate(
    ([key, name]) => {
      const raw = localStorage.getItem(key);
      return raw
        ? (JSON.parse(raw) as { files?: Record<string, string> }).files?.[name]
        : undefined;
    },
    [`mcpw:exercise:${id}`, file] as const,
  );
}

/** The check results as text, so that a failure names the check that failed and why. */
async function failedChecks(page: Page): Promise<string[]> {
  return page.locator('.wb-check--fail').allTextContents();
}

let browser: Browser;
let ws: RunningWorkshop;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchChromium();
  // A generous run limit: a correct solution on a loaded machine must not time out.
  ws = await startWorkshopCli(['--timeout-ms', '30000']);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60_000);
});
afterAll(async () => {
  await context?.close();
  await ws?.close();
  await browser?.close();
});

describe('each exercise shape in the browser, on the local runtime', () => {
  it('has exercises to walk', () => {
    expect(cover.length).toBeGreaterThanOrEqual(3);
  });

  for (const shaped of cover) {
    const { exercise } = shaped;
    it(`${shapeLabel(shaped)}: the starter fails Check; the solution, typed in, passes`, async () => {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('dialog', (d) => void d.accept());
      await page.goto(`${ws.url}exercises/${exercise.id}/`);
      await page.evaluate((key) => localStorage.removeItem(key), `mcpw:exercise:${exercise.id}`);
      await page.reload();
      expect(await page.locator('h1').textContent()).toBe(exercise.meta.title);

      await page.click('[data-action="start"]');
      await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();

      await page.click('[data-action="check"]');
      await page.locator('.wb-checks-summary[data-state="fail"]').waitFor();
      expect(await page.locator('.wb-check--fail').count()).toBeGreaterThan(0);

      // Type each editable file's solution as a paste would, file tab by file tab.
      for (const file of exercise.meta.files.editable) {
        const text = exercise.solution[file] ?? exercise.starter[file];
        await page.click(`.wb-tab[data-tab="${file}"]`);
        await page.click('.cm-content');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        await page.keyboard.insertText(text);
        // CodeMirror renders only the visible lines, so read what the workbench saved.
        // A long paste on a busy machine may take more than poll's default second to be saved.
        await expect.poll(() => saved(page, exercise.id, file), { timeout: 10_000 }).toBe(text);
      }

      // Forget the starter's verdict so that only the new run's summary can satisfy the wait.
      await page.evaluate(() => {
        const s = document.querySelector<HTMLElement>('.wb-checks-summary');
        if (s) s.dataset.state = 'stale';
      });
      await page.click('[data-action="check"]');
      const summary = page.locator(
        '.wb-checks-summary[data-state="ok"], .wb-checks-summary[data-state="fail"]',
      );
      await summary.waitFor();
      expect(await failedChecks(page)).toEqual([]);
      expect(await page.locator('.wb-check--ok').count()).toBeGreaterThan(0);
      expect(
        await page.locator(`[data-exercise-status="${exercise.id}"]`).first().textContent(),
      ).toBe('done');
      // Checks for information only (port-to-2026's lesson-2 client) are shown, never graded.
      for (const info of await page.locator('.wb-check--info').all()) {
        expect(await info.locator('.wb-check-mark').getAttribute('aria-label')).toMatch(
          /information/,
        );
      }
      await page.screenshot({
        path: join(SCREENSHOTS, `exercise-${exercise.id}.png`),
        fullPage: true,
      });
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});

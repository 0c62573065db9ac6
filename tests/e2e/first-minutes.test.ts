// A newcomer's first minutes, on the README's quick start: `npm start` on a fresh Vite cache,
// an exercise page, one Start click, Check, the keyboard, and search. Each step is one a
// learner met broken: the click lost to a dependency re-bundle and page reload, the verdict
// far below the Check button and never announced, Tab held inside the terminal, and a dev
// server with no search index.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViolations, THEME_PASSES } from './axe.ts';
import { launchChromium, SCREENSHOTS } from './browser.ts';
import { startDevServer, type DevServer } from './dev-server.ts';

const EXERCISE = 'exercises/two-kinds-of-failure/';

let dev: DevServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every load of the exercise page's document, and every failed response, in order. */
const loads: string[] = [];
const failures: string[] = [];

beforeAll(async () => {
  [dev, browser] = await Promise.all([startDevServer(), launchChromium()]);
  await mkdir(SCREENSHOTS, { recursive: true });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('framenavigated', (f) => f === page.mainFrame() && loads.push(f.url()));
  page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

/** What has the focus, in words a failure message can show. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    if (a.closest('[data-terminal]')) return 'terminal';
    if (a.closest('.cm-editor')) return 'editor';
    if (a.closest('[data-checks]')) return `checks:${a.tagName.toLowerCase()}.${a.className}`;
    return `${a.tagName.toLowerCase()}:${(a.textContent ?? '').trim().slice(0, 30)}`;
  });

describe('a newcomer on npm start', () => {
  it('opens the editor with one Start click, without the page reloading', async () => {
    await page.goto(dev.url + EXERCISE);
    // No Astro dev toolbar over the content.
    expect(await page.locator('astro-dev-toolbar').count()).toBe(0);
    await page.click('[data-action="start"]');
    await page.locator('.cm-content').first().waitFor({ timeout: 60_000 });
    // The learner's own code is in the editor and Start is gone: nothing reloaded it away.
    await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor({
      timeout: 60_000,
    });
    expect(await page.locator('[data-action="start"]').isVisible()).toBe(false);
    expect(loads).toEqual([dev.url + EXERCISE]);
    expect(dev.log()).not.toMatch(/optimized dependencies changed|new dependencies optimized/);
    expect(failures.filter((f) => f.startsWith('504'))).toEqual([]);
  });

  it('puts the verdict of Check where the learner looks, in a live region', async () => {
    await page.click('[data-action="check"]');
    const summary = page.locator('.wb-checks-summary');
    // While it runs, the check says how long it has taken and what it waits for.
    const progress = page.locator('.wb-checks-progress');
    await progress.waitFor({ state: 'visible' });
    expect(await progress.textContent()).toMatch(/^\d+ s: /);
    await page.locator('.wb-checks-summary[data-state="fail"]').waitFor({ timeout: 90_000 });
    expect(await summary.textContent()).toMatch(/\d+ passed, \d+ failed/);
    expect(await progress.isVisible()).toBe(false);
    const where = await summary.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const live = el.closest('[aria-live="polite"], [aria-live="assertive"], [role="status"]');
      return {
        inView: r.top >= 0 && r.bottom <= innerHeight,
        focused: document.activeElement === el,
        live: live !== null,
      };
    });
    expect(where.inView || where.focused, JSON.stringify(where)).toBe(true);
    expect(where.live).toBe(true);
    // The driver's @@case report lines are the checks' business, not the terminal's.
    await page.locator('[data-terminal]').scrollIntoViewIfNeeded();
    const terminal = (await page.locator('.xterm-rows').textContent()) ?? '';
    expect(terminal).not.toContain('@@case {');
    expect(terminal).toMatch(/\d+ @@case lines from the driver to the checks, not shown/);
    await summary.scrollIntoViewIfNeeded();
    for (const { colorScheme: theme, rules } of THEME_PASSES) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await page.screenshot({ path: join(SCREENSHOTS, `first-minutes-verdict-${theme}.png`) });
      expect(await pageViolations(page, rules), `${theme}, ${rules}`).toEqual([]);
    }
    await page.evaluate(() => delete document.documentElement.dataset.theme);
  });

  it('lets Tab go from the editor through the terminal to the checks and their frame links', async () => {
    await page.locator('.cm-content').first().click();
    const stops: string[] = [];
    let ringed = false;
    for (let i = 0; i < 12 && !stops.some((s) => s.includes('wb-check-frame')); i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now === 'terminal') {
        ringed ||= await page
          .locator('[data-terminal]')
          .evaluate((el) => getComputedStyle(el).outlineStyle !== 'none');
      }
      stops.push(now);
    }
    const shown = stops.join(' → ');
    // The terminal is one stop on the way, shown with a focus ring; never two in a row.
    expect(stops, shown).toContain('terminal');
    expect(ringed, shown).toBe(true);
    expect(stops.findIndex((s, i) => s === 'terminal' && stops[i + 1] === 'terminal')).toBe(-1);
    expect(stops.at(-1), shown).toMatch(/^checks:a\.wb-check-frame/);
    // The hint under the editor says Tab moves on; it does.
    expect(await page.locator('[data-editor-hint]').textContent()).toMatch(/Tab.*moves on/);
  });

  it('reaches the course and the page contents from the top of a lesson on a phone', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 780 });
    await phone.goto(dev.url + 'lessons/the-wire/');
    await phone.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    const fold = phone.locator('[data-aside-fold] > summary');
    const top = await fold.evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeLessThanOrEqual(780);
    // Folded, so the lesson itself starts within the first screen too.
    expect(await phone.locator('nav[aria-label="On this page"]').isVisible()).toBe(false);
    await fold.click();
    const contents = phone.locator('nav[aria-label="On this page"] a').first();
    expect(await contents.isVisible()).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await phone.screenshot({
      path: join(SCREENSHOTS, 'first-minutes-lesson-contents-phone-dark.png'),
    });
    await contents.click();
    expect(phone.url()).toMatch(/#[\w-]+$/);
    await phone.close();
  });

  it('finds isError on the dev server', async () => {
    const search = await context.newPage();
    await search.goto(dev.url + 'search/?q=isError');
    const status = search.locator('.search-status');
    await search.waitForFunction(
      () => !/Searching/.test(document.querySelector('.search-status')?.textContent ?? ''),
      null,
      { timeout: 90_000 },
    );
    expect(await status.textContent()).toMatch(/^\d+ results? for “isError”\.$/);
    expect(
      await search.locator('.search-group[data-kind="frame"] .search-hit').count(),
    ).toBeGreaterThan(0);
    expect(
      await search.locator('.search-group[data-kind="page"] .search-hit').count(),
    ).toBeGreaterThan(0);
    await search.close();
  });
});

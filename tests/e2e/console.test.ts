// The wire console in Chromium on the local runtime (`npm run workshop`): a hand-typed
// tools/call after initialize comes back as a tool error with its badge, an unknown method
// as a protocol error with its code, typed markup stays text, and a reload keeps the session. The session passes axe in
// both themes and fits 360 px; the page reads without JavaScript.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViolations, THEME_PASSES } from './axe.ts';
import { launchChromium } from './browser.ts';
import { startWorkshopCli, type RunningWorkshop } from './workshop.ts';

let browser: Browser;
let ws: RunningWorkshop;
beforeAll(async () => {
  [browser, ws] = await Promise.all([launchChromium(), startWorkshopCli()]);
});
afterAll(async () => {
  await browser?.close();
  await ws?.close();
});

/** Types a line by hand, sends it with Enter and waits for the replay of `count` lines. */
async function typeAndSend(page: Page, line: string, count: number): Promise<void> {
  await page.fill('[data-console-line]', line);
  await page.press('[data-console-line]', 'Enter');
  await page.waitForSelector(`[data-console][data-done][data-lines="${count}"]`);
}

const frame = (page: Page, seq: number) => page.locator(`li#frame-${seq}`);

describe('the wire console', () => {
  it('sends hand-typed lines to Paper Trail and shows the tool error and the protocol error', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${ws.url}console/`);
    await page.click('[data-console-start]');
    await page.waitForSelector('[data-console][data-started]');
    expect(await page.textContent('[data-console-status]')).toContain('local runtime');

    await typeAndSend(
      page,
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"by-hand","version":"1"}}}',
      1,
    );
    await typeAndSend(
      page,
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"order_status","arguments":{"order_id":"PT-9999"}}}',
      2,
    );
    // initialize, its result, tools/call, its result (notifications/initialized is left out
    // to keep the test short: Paper Trail's SDK answers without it).
    await expect.poll(() => page.locator('li.frame').count()).toBe(4);
    const toolError = frame(page, 3);
    expect(await toolError.getAttribute('data-tone')).toBe('tool-error');
    expect(await toolError.locator('.frame-head').textContent()).toMatch(
      /tool error · isError[\s\S]*answers frame 2 \(tools\/call\)/,
    );

    // A line that is not JSON is announced before it goes.
    await page.fill('[data-console-line]', '{"jsonrpc": oops');
    expect(await page.textContent('[data-console-note]')).toContain('Not JSON');

    // A reload keeps the lines sent and the line being typed; the next Send replays them.
    const unknown =
      '{"jsonrpc":"2.0","id":3,"method":"tools/lst","params":{"x":"<img src=x onerror=alert(1)>"}}';
    await page.fill('[data-console-line]', unknown);
    await page.reload();
    await page.click('[data-console-start]');
    await page.waitForSelector('[data-console][data-started][data-lines="2"]');
    expect(await page.inputValue('[data-console-line]')).toBe(unknown);
    await page.press('[data-console-line]', 'Enter');
    await page.waitForSelector('[data-console][data-done][data-lines="3"]');
    // The new line's frame is brought into view, below the replayed session; focus stays
    // in the line box for the next one.
    const newest = await frame(page, 4).boundingBox();
    expect(newest!.y).toBeGreaterThanOrEqual(0);
    expect(newest!.y).toBeLessThan(900);
    expect(await page.evaluate(() => document.activeElement?.matches('[data-console-line]'))).toBe(
      true,
    );
    // A long sent line wraps instead of widening the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );

    expect(await frame(page, 3).getAttribute('data-tone')).toBe('tool-error');
    const protocolError = frame(page, 5);
    expect(await protocolError.getAttribute('data-tone')).toBe('protocol-error');
    expect(await protocolError.locator('.frame-head').textContent()).toContain('-32601');
    expect(await page.locator('[data-frames] img').count()).toBe(0);
    expect(await page.locator('[data-console-sent] li').last().textContent()).toContain(
      '<img src=x',
    );

    // The session as shown passes axe in both themes (THEME_PASSES) and fits a phone.
    for (const { colorScheme, rules } of THEME_PASSES) {
      await page.emulateMedia({ colorScheme });
      expect(await pageViolations(page, rules), `${colorScheme}, ${rules}`).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('reads without JavaScript', async () => {
    const off = await browser.newContext({ javaScriptEnabled: false });
    const page = await off.newPage();
    await page.goto(`${ws.url}console/`);
    const text = await page.textContent('main');
    expect(text).toContain('npm run workshop');
    expect(text).toContain('needs JavaScript');
    await off.close();
  });
});

// A lesson page's small tools, on the built site: copy buttons on code blocks and frames (a
// frame copies its bytes exactly as captured), and printing with the site chrome hidden and
// every fold open; the keyboard shortcuts page.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { REPO } from '../site/serve-dist.ts';
import { SCREENSHOTS } from './browser.ts';
import { expectFitsAndPassesAxe } from './page-checks.ts';
import { useBuiltSite } from './built-site.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const env = useBuiltSite();
let page: Page;

beforeAll(async () => {
  const context = await env.browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  await page.goto(env.site.url + '/lessons/the-wire/');
});
afterAll(() => page?.context().close());

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

describe('lesson tools', () => {
  it('copies a frame byte for byte, and a code block as shown', async () => {
    // An SSE event: its field lines are part of the bytes.
    const frame = page.locator('li.frame--sse[id]:visible').first();
    const [capture, seq] = (await frame.getAttribute('data-frame-source'))!.split('#');
    const record = readCapture(join(REPO, captureFile(`${capture}.jsonl`, REPO))).find(
      (r) => r.seq === Number(seq),
    )!;
    await frame.locator(':scope > .frame-head > .copy-btn').click();
    const copied = await clipboard();
    expect(copied.endsWith(record.text)).toBe(true);
    expect(copied).toMatch(/^(event: .*\n)?(id: .*\n)?(retry: .*\n)?data: /);
    // Announced in the next animation frame (copy-buttons.ts), so that a repeat is read again.
    await expect
      .poll(() => page.locator('p.visually-hidden[role="status"]').textContent())
      .toMatch(/^Copy the bytes of frame #\d+: done\.$/);

    const stdio = page.locator('li.frame[data-frame-source^="stdio"][id]:visible').first();
    await stdio.locator(':scope > .frame-head > .copy-btn').click();
    expect(await clipboard()).toBe(await stdio.locator('code[data-raw]').textContent());

    await page.goto(env.site.url + '/lessons/hosts-clients-servers/');
    const block = page.locator('.copy-wrap:visible').first();
    await block.locator('.copy-btn').click();
    expect(await clipboard()).toBe(await block.locator('pre').textContent());
  });

  it('prints the lesson alone, with every fold open', async () => {
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.lesson-aside').isVisible()).toBe(false);
    expect(await page.locator('.copy-btn').first().isVisible()).toBe(false);
    expect(await page.locator('main details:not([open])').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'lesson-print.png') });
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('main details.frame-raw:not([open])').count()).toBeGreaterThan(0);
  });

  it('lists the keyboard shortcuts on one page, linked from every footer', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.locator('.site-footer a[href="/shortcuts/"]').click();
    await page.waitForURL(/\/shortcuts\/$/);
    expect(await page.locator('main kbd').count()).toBeGreaterThan(10);
    await expectFitsAndPassesAxe(page);
  });
});

// Site search on the built site: the header form leads to /search/, which loads Pagefind only
// then, and the course's telltale strings find both the lessons and the exact frames that
// show them (each frame hit is checked against the page it links to).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browser.ts';
import { expectFitsAndPassesAxe } from './page-checks.ts';
import { useBuiltSite } from './built-site.ts';

const env = useBuiltSite();
let page: Page;
/** The first search fetches Pagefind's script, wasm and index; a loaded box needs longer. */
const LOAD = { timeout: 10_000 };
const requested: string[] = [];

beforeAll(async () => {
  page = await env.browser.newPage({ viewport: { width: 360, height: 780 } });
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
});
afterAll(() => page?.close());

async function search(term: string): Promise<{ pages: string[]; frames: string[] }> {
  await page.locator('#search-q').fill(term);
  await page.locator('#search-q').press('Enter');
  await expect
    .poll(() => page.locator('.search-status').textContent(), LOAD)
    .toMatch(new RegExp(`for “${term.replace(/[-]/g, '\\-')}”`));
  const hrefs = (kind: string) =>
    page
      .locator(`.search-group[data-kind="${kind}"] .search-hit > a`)
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return { pages: await hrefs('page'), frames: await hrefs('frame') };
}

/** The built HTML of one frame: from its anchor to the next frame's opening tag. */
async function frameHtml(href: string): Promise<string> {
  const [path, anchor] = href.split('#');
  const html = await (await fetch(env.site.url + path)).text();
  const start = html.indexOf(`id="${anchor}"`);
  expect(start, href).toBeGreaterThan(-1);
  const next = html.indexOf('<li class="frame', start);
  return html.slice(start, next === -1 ? undefined : next);
}

describe('site search', () => {
  it('the header form leads to the search page; nothing of Pagefind loads before', async () => {
    await page.goto(env.site.url + '/lessons/the-wire/');
    expect(requested.filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
    await page.locator('#site-search-q').fill('isError');
    await page.locator('#site-search-q').press('Enter');
    await page.waitForURL(/\/search\/\?q=isError$/);
    await expect.poll(() => page.locator('.search-hit').count(), LOAD).toBeGreaterThan(0);
    expect(requested).toContain('/pagefind/pagefind.js');
  });

  for (const term of ['isError', '-32601', 'Mcp-Session-Id']) {
    it(`finds the lessons and frames that show ${term}`, async () => {
      const { pages, frames } = await search(term);
      const lessons = pages.filter((p) => p.startsWith('/lessons/'));
      expect(lessons.length, 'lesson pages').toBeGreaterThan(0);
      for (const lesson of lessons.slice(0, 2)) {
        const html = await (await fetch(env.site.url + lesson)).text();
        expect(html.toLowerCase(), lesson).toContain(term.toLowerCase());
      }
      expect(frames.length, 'frames').toBeGreaterThan(0);
      for (const href of frames.slice(0, 3)) {
        expect(href).toMatch(/^\/lessons\/[^/]+\/#[\w-]+-frame-\d+$/);
        expect((await frameHtml(href)).toLowerCase(), href).toContain(term.toLowerCase());
      }
    });
  }

  it('a frame hit lands on its frame; results escaped, fit 360px, axe light and dark', async () => {
    await search('-32601');
    const first = page.locator('.search-group[data-kind="frame"] .search-hit > a').first();
    const href = (await first.getAttribute('href'))!;
    expect(await page.locator('.search-hit mark').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-out script, .search-out img').count()).toBe(0);
    await expectFitsAndPassesAxe(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'search-360-dark.png'), fullPage: false });
    await first.click();
    await page.waitForURL((url) => url.hash === '#' + href.split('#')[1]);
    expect(await page.locator(':target').getAttribute('data-frame-source')).toMatch(/#\d+$/);
  });
});

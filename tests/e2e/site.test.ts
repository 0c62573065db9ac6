// Smoke test of the built site in Chromium: home and lesson load without console errors,
// and every frame the lesson shows is byte-for-byte a frame of a committed capture.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browser.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { REPO } from '../site/serve-dist.ts';
import { useBuiltSite } from './built-site.ts';

const env = useBuiltSite();

/** Opens a page and collects console errors and failed requests. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(env.site.url + path);
  return { page, problems };
}

describe('home page', () => {
  it('lists all eleven lessons, links the written one, marks the rest as coming', async () => {
    const { page, problems } = await open('/');
    expect(await page.title()).toBe('MCP on the Wire');
    const items = page.locator('.outline > li');
    expect(await items.count()).toBe(11);
    expect(await page.locator('.outline-item--coming').count()).toBe(10);
    const link = page.locator('.outline a[href="/lessons/the-wire/"]');
    expect(await link.textContent()).toContain('The wire');
    for (const id of ['raw-client', 'two-kinds-of-failure', 'stdout-is-the-wire']) {
      const status = page.locator(`.outline [data-exercise-status="${id}"]`);
      expect(await status.count()).toBe(1);
      expect(await page.locator(`.outline a[href="/exercises/${id}/"]`).count()).toBe(1);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'site-home.png'), fullPage: true });
    await link.click();
    await page.waitForURL('**/lessons/the-wire/');
    expect(await page.locator('h1').textContent()).toContain('The wire');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('at the narrowest phone width', () => {
  for (const path of ['/', '/lessons/the-wire/']) {
    it(`${path} fits 360px in dark without sideways scrolling`, async () => {
      const context = await env.browser.newContext({
        viewport: { width: 360, height: 780 },
        colorScheme: 'dark',
      });
      const page = await context.newPage();
      await page.goto(env.site.url + path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      const name = path === '/' ? 'site-home-360-dark.png' : 'site-lesson-360-dark.png';
      await page.screenshot({ path: join(SCREENSHOTS, name) });
      await context.close();
      expect(overflow).toBe(0);
    });
  }
});

describe('the built lesson page', () => {
  it('loads without console errors or failed requests', async () => {
    const { page, problems } = await open('/lessons/the-wire/');
    await page.screenshot({ path: join(SCREENSHOTS, 'site-lesson.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows only frames that exist, byte for byte, in a committed capture', async () => {
    const { page } = await open('/lessons/the-wire/');
    const rendered = await page.locator('[data-frame-source]').evaluateAll((items) =>
      items.map((item) => ({
        source: item.getAttribute('data-frame-source')!,
        raw: item.querySelector(':scope > details code[data-raw]')?.textContent ?? null,
      })),
    );
    await page.close();
    expect(rendered.length).toBeGreaterThan(20);
    const captures = new Map<string, ReturnType<typeof readCapture>>();
    for (const { source, raw } of rendered) {
      const [name, seqText] = source.split('#') as [string, string];
      if (!captures.has(name)) {
        captures.set(name, readCapture(join(REPO, 'lessons/captures', `${name}.jsonl`)));
      }
      const record = captures.get(name)![Number(seqText)];
      expect(record, source).toBeDefined();
      // Frames with no body (202, SSE heads, DELETE) show no raw block; all others must match.
      expect(raw ?? '', source).toBe(record!.text);
    }
    // The lesson draws on all six frame captures.
    expect([...captures.keys()].sort()).toEqual([
      'http-json',
      'http-json-progress',
      'http-sse',
      'stdio-pipelined',
      'stdio-session',
      'stdio-strict',
    ]);
  });

  it('shows captured text files verbatim', async () => {
    const { page } = await open('/lessons/the-wire/');
    const figure = page.locator('[data-captured-file="stdio-session.stderr.txt"] pre');
    const shown = await figure.textContent();
    await page.close();
    const file = await readFile(join(REPO, 'lessons/captures/stdio-session.stderr.txt'), 'utf8');
    expect(shown).toBe(file.replace(/\n$/, ''));
  });
});

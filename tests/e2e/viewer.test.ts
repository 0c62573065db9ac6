// The frame viewer in Chromium: a lesson capture opened there reads as the lesson shows it,
// a session of 10,000 frames opens a page at a time, hostile bytes stay text, and a file that
// is no capture is named as such.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageViolations } from './axe.ts';
import { SCREENSHOTS } from './browser.ts';
import { useBuiltSite } from './built-site.ts';
import { REPO } from '../site/serve-dist.ts';
import { toolCallLines } from '../viewer/long-session.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const env = useBuiltSite();

async function openViewer(width = 1280): Promise<{ page: Page; problems: string[] }> {
  const page = await env.browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.goto(`${env.site.url}/viewer/`);
  await page.waitForSelector('[data-viewer][data-ready]');
  return { page, problems };
}

const give = (page: Page, name: string, text: string | Buffer) =>
  page.setInputFiles('[data-viewer-file]', {
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.isBuffer(text) ? text : Buffer.from(text),
  });

/** What a reader sees of each frame: its head, its note and its body, by frame number. */
async function framesAsRead(page: Page, selector: string): Promise<Map<number, string>> {
  const rows = await page.$$eval(selector, (items) =>
    items.map((li) => {
      // The lesson page's Copy button is a page tool its script adds, not frame markup.
      li.querySelector(':scope > .frame-head > .copy-btn')?.remove();
      const text = (sel: string) =>
        (li.querySelector(`:scope > ${sel}`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return {
        seq: Number(li.querySelector(':scope > .frame-head .frame-num')?.textContent?.slice(1)),
        read: [
          li.getAttribute('aria-label'),
          li.getAttribute('data-tone'),
          text('.frame-head'),
          text('.frame-note'),
          text('.frame-body'),
        ].join(' | '),
      };
    }),
  );
  return new Map(rows.map((r) => [r.seq, r.read]));
}

describe('the frame viewer', () => {
  it('shows a lesson capture frame for frame as the lesson does', async () => {
    const lesson = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await lesson.goto(`${env.site.url}/lessons/the-wire/`);
    const inLesson = await framesAsRead(lesson, 'li.frame[data-frame-source^="stdio-session#"]');
    await lesson.close();
    expect(inLesson.size).toBeGreaterThan(5);

    const { page, problems } = await openViewer();
    const text = await readFile(join(REPO, captureFile('stdio-session.jsonl', REPO)), 'utf8');
    await give(page, 'stdio-session.jsonl', text);
    await page.waitForSelector('.viewer-output li.frame');
    const inViewer = await framesAsRead(page, '.viewer-output li.frame');
    expect(inViewer.size).toBe(text.trimEnd().split('\n').length);
    for (const [seq, read] of inLesson) expect(inViewer.get(seq), `frame ${seq}`).toBe(read);
    expect(await page.locator('[data-viewer-status]').textContent()).toContain(
      `stdio-session.jsonl: ${inViewer.size} frames`,
    );
    // The sequence diagram draws (SVG in its own namespace) and links to the frames.
    await page.locator('.viewer-diagram > summary').click();
    expect(await page.locator('.viewer-diagram svg a').count()).toBe(inViewer.size);
    expect(
      await page
        .locator('.viewer-diagram svg')
        .evaluate((svg) => svg.getBoundingClientRect().height),
    ).toBeGreaterThan(100);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-capture.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens 10,000 frames a page at a time, with the summary over all of them', async () => {
    const { page, problems } = await openViewer();
    const lines = toolCallLines(10_000, 1000);
    lines.push('npm WARN a stray line');
    await give(page, 'long.ndjson', lines.join('\n'));
    await page.waitForSelector('.viewer-output li.frame');
    expect(await page.locator('.viewer-output li.frame').count()).toBe(200);
    expect(await page.locator('[data-summary="tool-errors"]').textContent()).toBe('Tool errors: 5');
    expect(await page.locator('[data-summary="stray"]').textContent()).toBe('Stray lines: 1');
    expect(await page.locator('[data-summary="unanswered"]').textContent()).toBe(
      'Requests without a reply: 0',
    );
    // A summary link to a frame on another page turns to that page.
    await page.locator('.viewer-summary a[href="#upload-frame-10000"]').click();
    await page.waitForSelector('#upload-frame-10000');
    expect(await page.locator('#upload-frame-10000').getAttribute('data-kind')).toBe('not-json');
    await page.locator('.viewer-pager').first().getByRole('button', { name: 'Page 1,' }).click();
    await page.waitForSelector('#upload-frame-0');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps hostile frame text as text and names a file that is no capture', async () => {
    const { page, problems } = await openViewer(360);
    const hostile = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '<img src=x onerror="window.hacked=1">' }] },
    });
    await page.fill('[data-viewer-paste]', `<script>window.hacked=1</script>\n${hostile}`);
    await page.getByRole('button', { name: 'Show frames' }).click();
    await page.waitForSelector('.viewer-output li.frame');
    expect(await page.locator('.viewer-output img, .viewer-output script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(await page.locator('.viewer-output').textContent()).toContain('<img src=x onerror=');
    // The finding about the stray line quotes it, as text.
    expect(await page.locator('.viewer-findings').textContent()).toContain(
      '<script>window.hacked=1</script>',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-phone.png'), fullPage: true });

    await give(
      page,
      'picture.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    );
    await expect
      .poll(() => page.locator('[data-viewer-status]').textContent())
      .toMatch(/^picture\.png: This is neither a capture/);
    expect(await page.locator('[data-viewer-status]').getAttribute('data-tone')).toBe('error');
    expect(await page.locator('.viewer-output li.frame').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("lists explain's findings with their lessons, and badges their frames, in both themes", async () => {
    const { page, problems } = await openViewer();
    const text = await readFile(join(REPO, captureFile('stdio-session.jsonl', REPO)), 'utf8');
    await give(page, 'stdio-session.jsonl', text);
    await page.waitForSelector('.viewer-findings li');
    expect(await page.locator('.viewer-findings h2').textContent()).toBe('Findings: 2');
    const listed = await page.$$eval('.viewer-findings li', (items) =>
      items.map((li) => [
        li.dataset.seq,
        li.dataset.finding,
        li.querySelector('.viewer-finding-lesson')?.getAttribute('href'),
      ]),
    );
    expect(listed).toEqual([
      ['12', 'unknown-tool-as-tool-error', '/lessons/tools-in-depth/#tools-that-are-not-there'],
      ['13', 'one-message-per-line', '/lessons/the-wire/#stdio-a-pipe-and-a-rule'],
    ]);
    // The frames a finding names are links, and only the frames with findings have a badge.
    expect(
      await page.locator('.viewer-findings li >> nth=0 >> a[href="#upload-frame-11"]').count(),
    ).toBe(1);
    expect(await page.locator('.frame-findings .badge--finding').count()).toBe(2);
    const badge = page.locator('#upload-frame-12 > .frame-findings a.badge--finding');
    expect(await badge.textContent()).toBe('finding: unknown-tool-as-tool-error');
    // From the keyboard: the badge takes focus and leads to its finding, which leads back.
    await badge.focus();
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('badge--finding')),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#upload-finding-0');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await pageViolations(page), colorScheme).toEqual([]);
    }
    await page.locator('#upload-frame-12').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-findings-dark.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(SCREENSHOTS, 'viewer-findings-light.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('passes axe before anything is opened', async () => {
    const { page } = await openViewer();
    expect(await pageViolations(page)).toEqual([]);
    await page.close();
  });
});

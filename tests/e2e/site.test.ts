// Smoke test of the built site in Chromium: home and every written lesson load without console
// errors, fit a phone, pass axe in light and dark, and show only frames that are byte for byte
// frames of a committed capture. Lessons are found in lessons/, so a new one is covered at once.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { pageViolations } from './axe.ts';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browser.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { REPO } from '../site/serve-dist.ts';
import { useBuiltSite } from './built-site.ts';
import { planned } from '../../src/content/outline.ts';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';
import { exerciseFolders } from '../../sandbox/course/exercise-folders.ts';

const env = useBuiltSite();

/** Every written lesson's page, from the MDX files in lessons/. */
const LESSON_ORDERS = lessonFolders(REPO).map((lesson) => lesson.order);
const LESSONS = lessonFolders(REPO)
  .map((lesson) => `/lessons/${lesson.slug}/`)
  .sort();
const EXERCISES = exerciseFolders(REPO).map((exercise) => exercise.id);

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
  it('lists every lesson of the outline, links each written one, marks the rest as coming', async () => {
    const { page, problems } = await open('/');
    expect(await page.title()).toBe('MCP on the Wire');
    const items = page.locator('.outline > li');
    const coming = planned.filter((entry) => !LESSON_ORDERS.includes(entry.order));
    expect(await items.count()).toBe(LESSONS.length + coming.length);
    expect(LESSONS.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.outline-item--coming').count()).toBe(coming.length);
    for (const path of LESSONS) {
      expect(await page.locator(`.outline a[href="${path}"]`).count(), path).toBe(1);
    }
    for (const id of EXERCISES) {
      const status = page.locator(`.outline [data-exercise-status="${id}"]`);
      expect(await status.count(), id).toBe(1);
      expect(await page.locator(`.outline a[href="/exercises/${id}/"]`).count(), id).toBe(1);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'site-home.png'), fullPage: true });
    const link = page.locator('.outline a[href="/lessons/the-wire/"]');
    expect(await link.textContent()).toContain('The wire');
    await link.click();
    await page.waitForURL('**/lessons/the-wire/');
    expect(await page.locator('h1').textContent()).toContain('The wire');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('at the narrowest phone width', () => {
  for (const path of ['/', '/guide/', ...LESSONS]) {
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
      const name =
        path === '/'
          ? 'site-home-360-dark.png'
          : `site${path.replace(/\/$/, '').replace(/\//g, '-')}-360-dark.png`;
      await page.screenshot({ path: join(SCREENSHOTS, name) });
      await context.close();
      expect(overflow).toBe(0);
    });
  }
});

// The authoring guide is outside the course outline but held to the same standard.
describe.concurrent('the authoring guide', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`/guide/ has no axe violations in ${colorScheme}`, async () => {
      const context = await env.browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(env.site.url + '/guide/');
      const violations = await pageViolations(page);
      const footerLink = await page.locator('footer a[href="/guide/"]').count();
      await context.close();
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
      expect(footerLink).toBe(1);
    });
  }
});

/** Every frame a page shows, read back from the page: its capture name, seq and raw bytes. */
async function framesShown(path: string) {
  const { page } = await open(path);
  const rendered = await page.locator('[data-frame-source]').evaluateAll((items) =>
    items.map((item) => ({
      source: item.getAttribute('data-frame-source')!,
      raw: item.querySelector(':scope > details code[data-raw]')?.textContent ?? null,
    })),
  );
  await page.close();
  const captures = new Map<string, ReturnType<typeof readCapture>>();
  for (const { source, raw } of rendered) {
    const [name, seqText] = source.split('#') as [string, string];
    if (!captures.has(name)) {
      captures.set(name, readCapture(join(REPO, captureFile(`${name}.jsonl`, REPO))));
    }
    const record = captures.get(name)![Number(seqText)];
    expect(record, `${path}: ${source}`).toBeDefined();
    // Frames with no body (202, SSE heads, DELETE) show no raw block; all others must match.
    expect(raw ?? '', `${path}: ${source}`).toBe(record!.text);
  }
  return { count: rendered.length, captures: [...captures.keys()].sort() };
}

// Side by side: each test has a page of its own, and axe on a long lesson takes a while.
describe.concurrent('every written lesson', () => {
  for (const path of LESSONS) {
    it(`${path} loads without console errors or failed requests, frames byte for byte`, async () => {
      const { page, problems } = await open(path);
      expect(await page.locator('h1').count()).toBe(1);
      await page.close();
      expect(problems).toEqual([]);
      expect((await framesShown(path)).count).toBeGreaterThan(5);
    });

    // lesson.test.ts runs axe on the anchor lesson, with its own checks around it.
    if (path === '/lessons/the-wire/') continue;
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`${path} has no axe violations in ${colorScheme}, every fold open`, async () => {
        const context = await env.browser.newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(env.site.url + path);
        await page.evaluate(() =>
          document.querySelectorAll('details').forEach((d) => (d.open = true)),
        );
        const violations = await pageViolations(page);
        await context.close();
        const summary = violations.map(
          (v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`,
        );
        expect(summary).toEqual([]);
      });
    }
  }
});

describe('the axe pass itself', () => {
  // The fast pass (tests/e2e/axe.ts) must still see what the default one sees.
  it('reports a contrast violation and a nameless button added to a page', async () => {
    const { page } = await open('/');
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'grey on grey';
      p.style.cssText = 'color:#777;background:#888';
      document.querySelector('main')!.append(p, document.createElement('button'));
    });
    const ids = (await pageViolations(page)).map((v) => v.id).sort();
    await page.close();
    expect(ids).toEqual(['button-name', 'color-contrast']);
  });
});

describe('the built lesson page', () => {
  it('loads without console errors or failed requests', async () => {
    const { page, problems } = await open('/lessons/the-wire/');
    await page.screenshot({ path: join(SCREENSHOTS, 'site-lesson.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows only frames that exist, byte for byte, in a committed capture', async () => {
    const shown = await framesShown('/lessons/the-wire/');
    expect(shown.count).toBeGreaterThan(20);
    // The lesson draws on all six of its frame captures.
    expect(shown.captures).toEqual([
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
    const file = await readFile(join(REPO, captureFile('stdio-session.stderr.txt', REPO)), 'utf8');
    expect(shown).toBe(file.replace(/\n$/, ''));
  });
});

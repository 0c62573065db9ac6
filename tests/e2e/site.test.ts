// Smoke test of the built site in Chromium: home and every written lesson load without console
// errors, fit a phone, and pass axe in light and its colour rules in dark (THEME_PASSES).
// Lessons are found in lessons/, so a new one is covered at once. That every frame shown is
// byte for byte a frame of a committed capture needs no browser: the frames are drawn at
// build time, and tests/site/frames-byte-for-byte.test.ts reads them from dist/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { COLOUR_RULES, pageViolations, THEME_PASSES } from './axe.ts';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browser.ts';
import { REPO } from '../site/serve-dist.ts';
import { useBuiltSite } from './built-site.ts';
import { planned } from '../../src/content/outline.ts';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';
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
  for (const { colorScheme, rules } of THEME_PASSES) {
    it(`/guide/ has no axe violations in ${colorScheme} (${rules})`, async () => {
      const context = await env.browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(env.site.url + '/guide/');
      const violations = await pageViolations(page, rules);
      const footerLink = await page.locator('footer a[href="/guide/"]').count();
      await context.close();
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
      expect(footerLink).toBe(1);
    });
  }
});

// Side by side: each test has a page of its own, and axe on a long lesson takes a while.
describe.concurrent('every written lesson', () => {
  for (const path of LESSONS) {
    it(`${path} loads without console errors or failed requests`, async () => {
      const { page, problems } = await open(path);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('[data-frame-source]').count()).toBeGreaterThan(5);
      await page.close();
      expect(problems).toEqual([]);
    });

    // lesson.test.ts runs axe on the anchor lesson, with its own checks around it.
    if (path === '/lessons/the-wire/') continue;
    for (const { colorScheme, rules } of THEME_PASSES) {
      it(`${path} has no axe violations in ${colorScheme} (${rules}), every fold open`, async () => {
        const context = await env.browser.newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(env.site.url + path);
        await page.evaluate(() =>
          document.querySelectorAll('details').forEach((d) => (d.open = true)),
        );
        const violations = await pageViolations(page, rules);
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
  // The fast pass (tests/e2e/axe.ts) must still see what the default one sees, and the colour
  // pass every colour rule it runs, in the dark theme where it is the only pass.
  it('reports contrast, a link told apart by colour alone and a nameless button added to a page', async () => {
    const context = await env.browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(env.site.url + '/');
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'grey on grey';
      p.style.cssText = 'color:#777;background:#888';
      // Light on dark, and a link a shade darker than its sentence, with no underline.
      const inText = document.createElement('p');
      inText.style.cssText = 'color:#eee;background:#15181c';
      const link = document.createElement('a');
      link.href = '#';
      link.textContent = 'a link';
      link.style.cssText = 'color:#ccc;text-decoration:none';
      inText.append('Words around ', link, ' in a sentence.');
      document.querySelector('main')!.append(p, inText, document.createElement('button'));
    });
    const every = (await pageViolations(page)).map((v) => v.id).sort();
    const colour = (await pageViolations(page, 'colour rules')).map((v) => v.id).sort();
    await context.close();
    expect(every).toEqual(['button-name', 'color-contrast', 'link-in-text-block']);
    expect(colour).toEqual([...COLOUR_RULES].sort());
  });
});

describe('the built lesson page', () => {
  it('loads without console errors or failed requests', async () => {
    const { page, problems } = await open('/lessons/the-wire/');
    await page.screenshot({ path: join(SCREENSHOTS, 'site-lesson.png') });
    expect(problems).toEqual([]);
    await page.close();
  });
});

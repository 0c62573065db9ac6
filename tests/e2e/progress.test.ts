// /progress/ on the built site: progress made in one browser context (a lesson read to its
// end, a quiz answer, an exercise's saved code and done mark) is exported to a file, imported
// into a fresh context after a confirmation, and shows up there on the progress page and in
// the exercise's workbench preview. A wrong file gets a plain-words error; reset asks first.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browser.ts';
import { expectFitsAndPassesAxe } from './page-checks.ts';
import { useBuiltSite } from './built-site.ts';
import { progressKey } from '../../components/workbench/progress-key.ts';

const env = useBuiltSite();
const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

const EDIT = '// my own client, kept across browsers\nconsole.log("hi");\n';
let exported = '';

async function fresh(): Promise<Page> {
  const context = await env.browser.newContext({
    viewport: { width: 360, height: 780 },
    acceptDownloads: true,
  });
  contexts.push(context);
  return context.newPage();
}

describe('progress page', () => {
  it('exports what one browser did', async () => {
    const page = await fresh();
    await page.goto(env.site.url + '/lessons/the-wire/');
    // The learner's first answer to the first question of the lesson's quiz.
    await page.locator('.quiz-option summary').first().click();
    await page.locator('.prev-next').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('mcpw:lesson:the-wire')))
      .toContain('"read":true');
    // What the workbench stores when a learner's code passes (its saveProgress format).
    await page.evaluate(
      ([key, edit]) =>
        localStorage.setItem(key!, JSON.stringify({ files: { 'client.ts': edit }, done: true })),
      [progressKey('raw-client'), EDIT],
    );
    await page.goto(env.site.url + '/progress/');
    await expect.poll(() => page.locator('[data-progress-summary]').textContent()).toMatch(/^1 of/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-progress-export]').click(),
    ]);
    expect(download.suggestedFilename()).toBe('mcp-on-the-wire-progress.json');
    exported = join(await mkdtemp(join(tmpdir(), 'progress-')), 'progress.json');
    await download.saveAs(exported);
    const file = JSON.parse(await readFile(exported, 'utf8'));
    expect(file.version).toBe(1);
    expect(file.exercises['raw-client']).toEqual({ files: { 'client.ts': EDIT }, done: true });
    expect(Object.keys(file.quizzes['the-wire'])).toEqual(['quiz-1-q1']);
  });

  it('a fresh browser refuses a wrong file, then imports the export after asking', async () => {
    const page = await fresh();
    await page.goto(env.site.url + '/progress/');
    const wrong = join(tmpdir(), `not-progress-${process.pid}.json`);
    await writeFile(wrong, JSON.stringify({ name: 'some-package', version: '1.0.0' }));
    await page.locator('[data-progress-import]').setInputFiles(wrong);
    await expect
      .poll(() => page.locator('[data-progress-message]').textContent())
      .toContain('this is not a progress file of this course');

    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.locator('[data-progress-import]').setInputFiles(exported);
    await expect
      .poll(() => page.locator('[data-progress-message]').textContent())
      .toBe('Imported progress.json.');
    expect(asked[0]).toMatch(/^Import 1 exercise\(s\), 1 lesson\(s\) read and 1 quiz/);
    expect(await page.locator('[data-lesson="the-wire"] [data-lesson-state]').textContent()).toBe(
      'read',
    );
    expect(await page.locator('[data-lesson="the-wire"] [data-quiz-state]').textContent()).toMatch(
      /^quiz: [01] of 1 answered right first time$/,
    );
    expect(
      await page.locator('[data-exercise-status="raw-client"]').first().getAttribute('data-state'),
    ).toBe('done');
    await expectFitsAndPassesAxe(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'progress-360-dark.png'), fullPage: true });

    await page.goto(env.site.url + '/exercises/raw-client/');
    await expect.poll(() => page.locator('[data-preview]').textContent()).toBe(EDIT);

    await page.goto(env.site.url + '/progress/');
    await page.locator('[data-progress-reset]').click();
    await expect
      .poll(() => page.locator('[data-progress-message]').textContent())
      .toMatch(/^Progress reset: 3 saved items removed\.$/);
    expect(asked[1]).toMatch(/^Forget all your progress/);
    expect(await page.locator('[data-lesson="the-wire"] [data-lesson-state]').textContent()).toBe(
      'not read yet',
    );
  });
});

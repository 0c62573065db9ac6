// The anchor lesson in Chromium: badges on the right frames, raw bytes, frame anchors,
// both themes at desktop and phone width, accessibility, and reading without JavaScript.
import { pageViolations, THEME_PASSES } from './axe.ts';
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browser.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { strayLine } from '../../sandbox/capture/script.ts';
import { REPO } from '../site/serve-dist.ts';
import { useBuiltSite } from './built-site.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const LESSON = '/lessons/the-wire/';
const env = useBuiltSite();

async function lesson(
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  const page = await context.newPage();
  await page.goto(env.site.url + LESSON);
  return { context, page };
}

const frame = (page: Page, seq: number, capture = 'stdio-session') =>
  page.locator(`#${capture}-frame-${seq}`);

describe('frames in the lesson', () => {
  it('put the isError badge and the protocol-error badge on the right frames', async () => {
    const { context, page } = await lesson();
    const badge = (seq: number) => frame(page, seq).locator(':scope > .frame-head .badge');
    expect(await badge(8).textContent()).toBe('tool error · isError'); // PT-9999
    expect(await badge(10).textContent()).toBe('protocol error · -32601'); // unknown method
    expect(await badge(12).textContent()).toBe('tool error · isError'); // unknown tool
    expect(await badge(13).textContent()).toBe('stray · not JSON');
    expect(await badge(6).textContent()).toBe('result'); // PT-1041
    // The two failure badges look different, not just read differently.
    const colour = (seq: number) =>
      badge(seq).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour(8)).not.toBe(await colour(10));
    await context.close();
  });

  it('pairs out-of-order replies by id in the pipelined capture', async () => {
    const { context, page } = await lesson();
    const capture = readCapture(join(REPO, captureFile('stdio-pipelined.jsonl', REPO)));
    const idOf = (seq: number) => (JSON.parse(capture[seq]!.text) as { id?: number }).id;
    // Both requests left before either reply came back...
    const requests = [3, 4].map(idOf);
    expect(capture.slice(3, 5).every((f) => f.dir === 'c2s')).toBe(true);
    // ...and each reply's link names the request with its own id, whatever the order.
    for (const seq of [5, 6]) {
      const answered = 3 + requests.indexOf(idOf(seq));
      const link = frame(page, seq, 'stdio-pipelined').locator(':scope > .frame-head .frame-pair');
      expect(await link.textContent()).toBe(`answers frame ${answered} (tools/call)`);
    }
    expect(idOf(5)).not.toBe(idOf(3));
    await context.close();
  });

  it('opens the raw bytes of a frame with a plain <details>', async () => {
    const { context, page } = await lesson();
    const raw = frame(page, 8).locator(':scope > details.frame-raw');
    const code = raw.locator('code[data-raw]');
    expect(await code.isVisible()).toBe(false);
    await raw.locator('summary').click();
    expect(await code.isVisible()).toBe(true);
    const capture = readCapture(join(REPO, captureFile('stdio-session.jsonl', REPO)));
    expect(await code.textContent()).toBe(capture[8]!.text);
    await context.close();
  });

  it('follows a pairing link to the request a response answers', async () => {
    const { context, page } = await lesson();
    const link = frame(page, 8).locator('.frame-pair');
    expect(await link.textContent()).toContain('answers frame 7 (tools/call)');
    await link.click();
    await page.waitForURL(/#stdio-session-frame-7$/);
    const target = frame(page, 7);
    expect(await target.evaluate((el) => el.matches(':target'))).toBe(true);
    expect(await target.isVisible()).toBe(true);
    const box = await target.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(900);
    await context.close();
  });

  it('opens at a frame from a deep link', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.site.url}${LESSON}#http-sse-frame-7`);
    const target = page.locator('#http-sse-frame-7');
    expect(await target.evaluate((el) => el.matches(':target'))).toBe(true);
    // An SSE event sits inside its HTTP response.
    expect(await target.evaluate((el) => el.closest('.frame--no-body')?.id)).toBe(
      'http-sse-frame-6',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'lesson-anchor-sse.png') });
    await context.close();
  });

  it('says on the stray line itself that no reply came, with the proof from the capture', async () => {
    const { context, page } = await lesson();
    const capture = readCapture(join(REPO, captureFile('stdio-session.jsonl', REPO)));
    const stray = capture.findIndex((f) => f.text === strayLine);
    const ping = capture.findIndex((f) => f.text.includes('"method":"ping"'));
    const pong = capture.findIndex((f, i) => i > ping && f.dir === 's2c');
    const note = frame(page, stray).locator('.frame-no-reply');
    expect(await note.getAttribute('data-no-reply')).toBe(String(pong));
    const text = await note.textContent();
    expect(text).toContain(`frame ${pong}, answers frame ${ping} (ping)`);
    expect(text).toContain('dropped the line');
    expect(text).toContain('onerror');
    // The quoted stderr line is a line of the sidecar from the same capture run.
    const stderr = await readFile(
      join(REPO, captureFile('stdio-session.stderr.txt', REPO)),
      'utf8',
    );
    const quotedLine = await note.locator('.frame-stderr').textContent();
    expect(stderr.split('\n')).toContain(quotedLine);
    // Its "no reply" link leads to the reply that proves it.
    await frame(page, stray).locator('.frame-pair').click();
    await page.waitForURL(new RegExp(`#stdio-session-frame-${pong}$`));
    await context.close();
  });

  it('draws a frame exactly as the workbench draws the same bytes live', async () => {
    const { context, page } = await lesson();
    const records = readCapture(join(REPO, captureFile('stdio-session.jsonl', REPO)));
    // The live pane's own code, bundled as the site bundles it, drawing into this page.
    const bundle = await build({
      stdin: {
        contents: `
          import { liveFrameElement } from './components/workbench/frames-dom.ts';
          import { FrameViews } from './components/frames/view.ts';
          window.drawLive = (records, seq) => {
            const views = new FrameViews();
            for (const record of records) views.add(record);
            return liveFrameElement(views.get(seq), (s) => views.get(s)).outerHTML;
          };`,
        resolveDir: REPO,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      loader: { '.css': 'empty' },
    });
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    // Request and reply pairs whose partner is in the same block, both failure kinds included.
    for (const seq of [7, 8, 9, 10]) {
      const compared = await page.evaluate(
        ({ records, seq }) => {
          const normalise = (li: Element) => {
            // Where the page is (its anchor prefix, the capture it came from) and the JSON
            // highlighting (Shiki at build time, plain text live) are all that may differ; the
            // lesson page's Copy button is a page tool its script adds, not frame markup.
            li.removeAttribute('data-frame-source');
            li.querySelector(':scope > .frame-head > .copy-btn')?.remove();
            const body = li.querySelector(':scope > .frame-body');
            const text = body?.textContent ?? null;
            if (body) body.innerHTML = '';
            const html = li.outerHTML.replaceAll('stdio-session-frame-', 'frame-');
            return { html, text };
          };
          const holder = document.createElement('div');
          holder.innerHTML = (
            window as unknown as { drawLive: (r: unknown, s: number) => string }
          ).drawLive(records, seq);
          const lessonLi = document.getElementById(`stdio-session-frame-${seq}`)!.cloneNode(true);
          return {
            lesson: normalise(lessonLi as Element),
            live: normalise(holder.firstElementChild!),
          };
        },
        { records, seq },
      );
      expect(compared.live.html, `frame ${seq}`).toBe(compared.lesson.html);
      expect(compared.live.text, `frame ${seq} body`).toBe(compared.lesson.text);
      expect(compared.live.html).toContain('class="frame ');
    }
    await context.close();
  });

  it('goes from an arrow of a sequence diagram to its frame in the transcript', async () => {
    const { context, page } = await lesson();
    const diagram = page.locator('figure.seq[data-sequence="stdio-session"]');
    // The tool error: the arrow and the badge of its frame read alike.
    const arrow = diagram.locator('svg a[data-seq="8"]');
    expect(await arrow.locator('.seq-label').textContent()).toBe('result · isError · id 4');
    const colour = (locator: typeof arrow) => locator.evaluate((el) => getComputedStyle(el).fill);
    const badgeColour = await frame(page, 8)
      .locator(':scope > .frame-head .badge')
      .evaluate((el) => getComputedStyle(el).color);
    expect(await colour(arrow.locator('.seq-label'))).toBe(badgeColour);
    await arrow.click();
    await page.waitForURL(/#stdio-session-frame-8$/);
    expect(await frame(page, 8).evaluate((el) => el.matches(':target'))).toBe(true);
    // A frame inside a closed <Reveal> opens when its arrow is followed (tools/list, #3).
    await diagram.locator('svg a[data-seq="3"]').click();
    await page.waitForURL(/#stdio-session-frame-3$/);
    expect(await frame(page, 3).isVisible()).toBe(true);
    // The list under the picture holds the same link, for keyboards and screen readers.
    const sse = page.locator('figure.seq[data-sequence="http-sse"] details.seq-text');
    await sse.locator('summary').click();
    await sse.locator('a[href="#http-sse-frame-7"]').click();
    await page.waitForURL(/#http-sse-frame-7$/);
    await context.close();
  });

  it('names the SDK version the frames were captured with, as installed', async () => {
    const { context, page } = await lesson();
    const sdk = JSON.parse(
      await readFile(join(REPO, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8'),
    ) as { version: string };
    const intro = await page.locator('.prose > p').first().textContent();
    expect(intro).toContain(`@modelcontextprotocol/sdk ${sdk.version}`);
    await context.close();
  });

  it('links the three exercises with a status element each', async () => {
    const { context, page } = await lesson();
    for (const id of ['raw-client', 'two-kinds-of-failure', 'stdout-is-the-wire']) {
      const link = page.locator(`.lesson-exercises a[href="/exercises/${id}/"]`);
      expect(await link.count()).toBe(1);
      const status = page.locator(`.lesson-exercises [data-exercise-status="${id}"]`);
      expect(await status.textContent()).toBe('not started');
    }
    await context.close();
  });
});

describe('themes and widths', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      it(`reads in ${colorScheme} at ${width}px, without sideways scrolling`, async () => {
        const { context, page } = await lesson({
          colorScheme,
          viewport: { width, height: 900 },
          deviceScaleFactor: 1,
        });
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(bg).toBe(colorScheme === 'dark' ? 'rgb(21, 24, 28)' : 'rgb(253, 253, 252)');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        const name = `lesson-${colorScheme}-${width}`;
        await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
        await frame(page, 8).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-frames.png`) });
        await page.locator('.exchange').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-exchange.png`) });
        // The diagrams keep a legible size: on a phone their own box scrolls, not the page.
        const diagrams = page.locator('figure.seq');
        expect(await diagrams.count()).toBe(2);
        for (const [i, diagram] of (await diagrams.all()).entries()) {
          const box = await diagram.boundingBox();
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
          const fontPx = await diagram
            .locator('.seq-label')
            .first()
            .evaluate((el) => (el as SVGGraphicsElement).getBoundingClientRect().height);
          expect(fontPx).toBeGreaterThan(9);
          await diagram.screenshot({ path: join(SCREENSHOTS, `${name}-sequence-${i}.png`) });
        }
        await context.close();
      });
    }
  }

  it('switches theme with the toggle, says which is in use, remembers it, and can follow the system again', async () => {
    const { context, page } = await lesson({ colorScheme: 'light' });
    const toggle = page.locator('.theme-toggle');
    const chosen = () => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.textContent()).toContain('Theme: system (light)');
    await toggle.click();
    expect(await chosen()).toBe('dark');
    expect(await toggle.textContent()).toContain('Theme: dark');
    await page.reload();
    expect(await chosen()).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(21, 24, 28)');
    await toggle.click();
    expect(await chosen()).toBe('light');
    await toggle.click();
    expect(await chosen()).toBe('system');
    expect(await toggle.textContent()).toContain('Theme: system (light)');
    await page.reload();
    expect(await chosen()).toBe('system');
    await context.close();
  });
});

describe('accessibility', () => {
  for (const { colorScheme, rules } of THEME_PASSES) {
    it(`has no axe violations in ${colorScheme} (${rules})`, async () => {
      const { context, page } = await lesson({ colorScheme });
      // Open every <details> so the raw bytes and the answer are checked too.
      await page.evaluate(() =>
        document.querySelectorAll('details').forEach((d) => (d.open = true)),
      );
      const violations = await pageViolations(page, rules);
      const summary = violations.map(
        (v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')}`,
      );
      expect(summary).toEqual([]);
      await context.close();
    });
  }
});

describe('reading without JavaScript', () => {
  it('shows the whole lesson, its frames and answers with scripts disabled', async () => {
    const withJs = await lesson();
    const framesWithJs = await withJs.page.locator('[data-frame-source]').count();
    await withJs.context.close();

    const { context, page } = await lesson({ javaScriptEnabled: false });
    expect(await page.locator('h1').textContent()).toContain('The wire');
    expect(await page.locator('[data-frame-source]').count()).toBe(framesWithJs);
    // Diagrams, legend and error table are drawn at build time.
    expect(await page.locator('figure.seq svg a').count()).toBe(16 + 6);
    expect(await page.locator('.legend').count()).toBe(1);
    expect(await page.locator('.error-codes tbody tr').count()).toBe(7);
    expect(await frame(page, 10).locator('.badge').first().textContent()).toBe(
      'protocol error · -32601',
    );
    // The answer still opens: <details> needs no script.
    const reveal = page.locator('details.reveal').last();
    await reveal.locator('summary').click();
    expect(await reveal.locator('.reveal-body').isVisible()).toBe(true);
    // Highlighting happened at build time.
    expect(await page.locator('.frame-body .shiki span.sk-const').count()).toBeGreaterThan(100);
    await page.screenshot({ path: join(SCREENSHOTS, 'lesson-no-js.png') });
    await context.close();
  });

  it('loads only small optional scripts (theme, exercise status, read marks, copy buttons)', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const loaded: { url: string; bytes: number }[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') {
        loaded.push({ url: r.url(), bytes: (await r.body()).length });
      }
    });
    await page.goto(env.site.url + LESSON, { waitUntil: 'networkidle' });
    const inline = await page
      .locator('script:not([src])')
      .evaluateAll((all) => all.map((s) => s.textContent?.length ?? 0));
    await context.close();
    const total = loaded.reduce((sum, s) => sum + s.bytes, 0) + inline.reduce((a, b) => a + b, 0);
    // The workbench bundle (editor, terminal, runtime) must never ride along with a lesson.
    expect(loaded.map((s) => s.url).filter((u) => /workbench/i.test(u))).toEqual([]);
    // 5 KiB: the theme toggle and status badges, plus the lesson's own script (read marks and
    // quiz answers for /progress/, copy buttons, folds opened for print), about 2.5 KiB.
    expect(total, JSON.stringify({ loaded, inline })).toBeLessThan(5 * 1024);
  });
});

describe('the teaching kit on the lesson (quiz, terms, TryIt)', () => {
  it('reveals a quiz answer by keyboard and by click with JavaScript disabled', async () => {
    const { context, page } = await lesson({ javaScriptEnabled: false });
    const question = page.locator('.quiz-question').first();
    const options = question.locator('.quiz-option');
    expect(await options.count()).toBeGreaterThanOrEqual(3);
    const right = question.locator('.quiz-option[data-correct="true"]').first();
    const wrong = question.locator('.quiz-option[data-correct="false"]').first();
    expect(await right.locator('.quiz-why').isVisible()).toBe(false);

    // Keyboard: focus the summary, Enter opens it; the verdict is said in words.
    await right.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await right.locator('.quiz-why').isVisible()).toBe(true);
    expect(await right.locator('.quiz-verdict').textContent()).toBe('Right.');
    // Space closes it again, as a disclosure does.
    await page.keyboard.press('Space');
    expect(await right.locator('.quiz-why').isVisible()).toBe(false);

    // Click: a wrong option explains itself.
    await wrong.locator('summary').click();
    expect(await wrong.locator('.quiz-verdict').textContent()).toBe('Not quite.');
    expect((await wrong.locator('.quiz-why').textContent())!.length).toBeGreaterThan(30);

    // A frame option leads to its frame in the transcript.
    await right.locator('summary').click();
    const link = right.locator('.quiz-why a[href^="#"]');
    const target = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(new RegExp(`${target}$`));
    expect(await page.locator(target).evaluate((el) => el.matches(':target'))).toBe(true);
    await context.close();
  });

  it('names each option for screen readers as a disclosure, without the letter', async () => {
    const { context, page } = await lesson();
    const summary = page.locator('.quiz-option summary').first();
    const snapshot = await summary.ariaSnapshot();
    // What a screen reader hears: the frame and the option's words, not the decorative letter.
    expect(snapshot).toContain('- strong: Frame 0');
    expect(snapshot).toContain('- code: initialize');
    expect(snapshot).not.toMatch(/text: A\b/);
    expect(await page.locator('.quiz-options').first().getAttribute('aria-labelledby')).toMatch(
      /^quiz-1-q1$/,
    );
    await context.close();
  });

  it('marks a TryIt done from saved progress, with the status script the exercise list uses', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => {
      localStorage.setItem('mcpw:exercise:two-kinds-of-failure', JSON.stringify({ done: true }));
    });
    const page = await context.newPage();
    await page.goto(env.site.url + LESSON);
    const badge = (id: string) => page.locator(`.try-it [data-exercise-status="${id}"]`);
    await page.waitForFunction(
      () =>
        document.querySelector('.try-it [data-exercise-status="two-kinds-of-failure"]')
          ?.textContent === 'done',
    );
    expect(await badge('two-kinds-of-failure').getAttribute('data-state')).toBe('done');
    expect(await badge('raw-client').textContent()).toBe('not started');
    await context.close();
  });

  it('takes a phone reader from the end of the lesson back to the course and contents', async () => {
    const { context, page } = await lesson({
      viewport: { width: 360, height: 800 },
      colorScheme: 'dark',
    });
    const back = page.getByRole('link', { name: 'Back to the top: course and contents' });
    await back.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(5000);
    await back.click();
    await page.waitForFunction(() => window.scrollY < 400);
    expect(await page.locator('[data-aside-fold] > summary').isVisible()).toBe(true);
    const box = await page.locator('[data-aside-fold] > summary').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    await context.close();
  });

  it('opens a Term in place, on a tap as on a click, and follows it to the glossary on demand', async () => {
    const { context, page } = await lesson();
    const url = page.url();
    const term = page.locator('button.term[data-term="tool-error"]').first();
    const card = page.locator(`#${await term.getAttribute('popovertarget')}`);
    expect(await card.isVisible()).toBe(false);
    await term.click();
    expect(await card.isVisible()).toBe(true);
    expect(await card.textContent()).toMatch(/^tool error: /);
    expect(page.url()).toBe(url);
    await page.keyboard.press('Escape');
    expect(await card.isVisible()).toBe(false);
    await term.click();
    await card.locator('a.term-link').click();
    await page.waitForURL(/\/glossary\/#tool-error$/);
    const entry = page.locator('#tool-error');
    expect(await entry.evaluate((el) => el.matches(':target'))).toBe(true);
    expect(await entry.locator('dfn').textContent()).toBe('tool error');
    await context.close();
  });

  for (const { colorScheme, rules } of THEME_PASSES) {
    it(`has an axe-clean glossary page in ${colorScheme} (${rules}), with no sideways scroll at 360px`, async () => {
      const context = await env.browser.newContext({
        colorScheme,
        viewport: { width: 360, height: 800 },
      });
      const page = await context.newPage();
      await page.goto(`${env.site.url}/glossary/#session`);
      const violations = await pageViolations(page, rules);
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await context.close();
    });
  }
});

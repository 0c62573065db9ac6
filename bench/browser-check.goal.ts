// Goal 1 of issue 16, in the browser: from pressing Check on raw-client's exercise page (the
// solution saved as the learner's code, the local runtime of `npm run workshop`, Chromium) to
// the verdict on screen, against the direct run of the same two programs. One browser and one
// workshop server for every round; the rounds interleave with the direct runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { progressKey } from '../components/workbench/progress-key.ts';
import { startWorkshop } from '../sandbox/workshop/server.ts';
import { launchChromium } from '../tests/e2e/browser.ts';
import { directRun, interleaved, list, median, ms, pairedRatio, REPO, type Goal } from './goal.ts';

const CLIENT = join(REPO, 'exercises/raw-client/solution/client.ts');
const GOAL = 1.5;

export const browserCheck: Goal = {
  name: 'browser-check',
  async measure() {
    if (!existsSync(join(REPO, 'dist/exercises/raw-client/index.html'))) {
      throw new Error('no built site: run `npm run build` first');
    }
    const ws = await startWorkshop({
      dist: join(REPO, 'dist'),
      exercisesRoot: join(REPO, 'exercises'),
      harnessMain: join(REPO, 'sandbox/harness/main.ts'),
      port: 0,
      runtime: true,
    });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(60_000);
      const saved = JSON.stringify({ files: { 'client.ts': readFileSync(CLIENT, 'utf8') } });
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [progressKey('raw-client'), saved],
      );
      await page.goto(`${ws.url}exercises/raw-client/?runtime=local`);
      await page.click('[data-action="start"]');
      await page.locator('.wb-stages [data-stage="ready"][data-state="done"]').waitFor();
      const check = async () => {
        await page.locator('[data-action="check"]:not([disabled])').waitFor();
        // The last round's verdict is still on the page: blank it, so that only this one counts.
        await page.evaluate(() => {
          for (const e of document.querySelectorAll<HTMLElement>('.wb-checks-summary')) {
            e.dataset.state = '';
          }
        });
        const started = performance.now();
        await page.click('[data-action="check"]');
        await page.locator('.wb-checks-summary[data-state="ok"]').waitFor();
        return performance.now() - started;
      };
      const times = await interleaved({
        direct: directRun,
        browser: check,
      });
      const ratio = pairedRatio(times.browser, times.direct);
      return [
        {
          measure: 'check latency (browser, local runtime)',
          value: `${ratio.toFixed(2)}× direct run`,
          goal: `≤ ${GOAL}×`,
          baseline:
            `direct run ${ms(median(times.direct))} ${list(times.direct)}; ` +
            `Check pressed → verdict shown ${ms(median(times.browser))} ${list(times.browser)}; ` +
            `${times.direct.length} interleaved rounds, median of paired ratios`,
          met: ratio <= GOAL,
        },
      ];
    } finally {
      await browser.close();
      await ws.close();
    }
  },
};

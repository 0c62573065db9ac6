// A speed goal, its second half: a lesson page's HTML no longer dominated by Shiki's
// inline colour styles. Measured on the built lessons (dist/lessons/*/index.html) as the share
// of their bytes in style attributes; the baseline, in this same run, highlights every frame
// of the committed captures twice, as Shiki styles tokens by default (an inline style each)
// and as the pages ship them (palette classes, components/code/shiki-classes.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHighlighter } from 'shiki';
import { highlightJson } from '../components/frames/highlight.ts';
import { captureFiles } from '../sandbox/course/capture-files.ts';
import { readCapture } from '../sandbox/wire/capture-file.ts';
import { REPO, type Goal } from './goal.ts';

const GOAL = 0.1;
const KB = (n: number) => `${(n / 1000).toFixed(0)} KB`;
const percent = (x: number) => `${(x * 100).toFixed(0)}%`;

/** Every captured frame that is JSON, pretty-printed as a lesson shows it. */
function capturedJson(): string[] {
  const texts: string[] = [];
  for (const [file, path] of captureFiles(REPO)) {
    if (!file.endsWith('.jsonl')) continue;
    for (const record of readCapture(join(REPO, path))) {
      try {
        texts.push(JSON.stringify(JSON.parse(record.text), null, 2));
      } catch {
        // Not a JSON message (an HTTP head, a blank body): no tokens to colour.
      }
    }
  }
  return texts;
}

export const lessonHtml: Goal = {
  name: 'lesson-html',
  async measure() {
    const lessons = join(REPO, 'dist/lessons');
    if (!existsSync(lessons)) throw new Error('no built site: run `npm run build` first');
    const shares = readdirSync(lessons).map((name) => {
      const html = readFileSync(join(lessons, name, 'index.html'), 'utf8');
      const styles = [...html.matchAll(/ style="[^"]*"/g)].reduce((n, m) => n + m[0].length, 0);
      const bytes = Buffer.byteLength(html);
      return { name, bytes, share: styles / bytes };
    });
    const worst = shares.reduce((a, b) => (b.share > a.share ? b : a));

    const texts = capturedJson();
    const plain = await createHighlighter({
      themes: ['github-light', 'github-dark'],
      langs: ['json'],
    });
    let inline = 0;
    let shipped = 0;
    for (const text of texts) {
      inline += plain.codeToHtml(text, {
        lang: 'json',
        themes: { light: 'github-light', dark: 'github-dark' },
        defaultColor: false,
      }).length;
      shipped += (await highlightJson(text)).length;
    }
    return [
      {
        measure: 'lesson HTML, share in style attributes',
        value: `${percent(worst.share)} at most (${worst.name}, ${KB(worst.bytes)})`,
        goal: `≤ ${percent(GOAL)}`,
        baseline:
          `${texts.length} captured frames highlighted with an inline style per token: ` +
          `${KB(inline)}; as the pages ship them: ${KB(shipped)} (ratio ${(shipped / inline).toFixed(2)}); ` +
          `every lesson: ${shares.map((s) => `${s.name} ${percent(s.share)}`).join(', ')}`,
        met: worst.share <= GOAL,
      },
    ];
  },
};

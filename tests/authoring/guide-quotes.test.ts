// Every message the authoring guide quotes comes out of the code verbatim. Refusals and schema
// messages are produced here (nothing is written: each command refuses before it writes);
// the walkthrough's own output is checked by guide-end-to-end.test.ts, which runs it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCapture, selectFrames } from '../../components/frames/capture.ts';
import { exerciseRef } from '../../components/teaching/exercise-ref.ts';
import { glossary } from '../../components/teaching/glossary.ts';
import { lookupTerm } from '../../components/teaching/glossary-schema.ts';
import { describeLessonErrors } from '../../src/content/lesson-schema.ts';
import { COMMANDS, QUOTES, type Produced } from '../../src/guide/quotes.ts';

const repo = process.cwd();
const FILE = 'lessons/12-order-lookup/lesson.mdx';

/** The scripts behind the npm scripts the guide quotes, run as npm would (Node 24). */
const SCRIPTS: Record<string, string> = {
  new: 'scripts/new.ts',
  capture: 'sandbox/capture/cli.ts',
  exercise: 'sandbox/cli/exercise.ts',
  'paper-trail': 'sandbox/paper-trail/main.ts',
};

/** What the code says for one quote: stderr of a refused command, or the thrown message. */
async function produce(p: Exclude<Produced, { by: 'walkthrough' }>): Promise<string> {
  const thrown = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return (err as Error).message;
    }
    return '(nothing thrown)';
  };
  switch (p.by) {
    case 'command': {
      const [script, dashes, ...args] = p.words;
      expect(dashes).toBe('--');
      const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(repo, SCRIPTS[script]), ...args],
          { encoding: 'utf8', timeout: 30_000 },
          (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
        );
      });
      expect(r.code, r.stderr).not.toBe(0);
      return r.stderr;
    }
    case 'frontmatter':
      return describeLessonErrors(FILE, p.data).join('\n');
    case 'term':
      return thrown(() => lookupTerm(glossary, p.id, FILE));
    case 'try-it':
      return thrown(() => exerciseRef(p.id, FILE));
    case 'frames':
      return thrown(() => selectFrames(loadCapture(p.capture), { seq: [p.seq] }));
  }
}

const produced = Object.entries(QUOTES).flatMap(([key, quote]) =>
  quote.produced.by === 'walkthrough' ? [] : [[key, quote.text, quote.produced] as const],
);

describe('the guide quotes what the code says', () => {
  // Each case is a short Node process or a pure call; side by side they take a few seconds.
  it.concurrent.each(produced)('%s', async (_key, text, how) => {
    expect(await produce(how)).toContain(text);
  });

  it('every walkthrough quote names a step of the walkthrough', () => {
    for (const quote of Object.values(QUOTES)) {
      if (quote.produced.by === 'walkthrough') expect(COMMANDS).toHaveProperty(quote.produced.step);
    }
  });
});

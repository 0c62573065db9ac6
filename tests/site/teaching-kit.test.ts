// The teaching components in the built site: lesson 2 ends with its quiz, every term link
// lands on an entry of /glossary/, every quiz frame link on a frame of the page, every TryIt
// on an exercise page. And a real astro build of a lesson with a broken Term or Quiz fails,
// naming the lesson file and the mistake.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from './astro-build.ts';
import { DIST, ensureBuilt } from './serve-dist.ts';

let lesson = '';
let glossaryPage = '';

beforeAll(async () => {
  await ensureBuilt();
  lesson = readFileSync(join(DIST, 'lessons/the-wire/index.html'), 'utf8');
  glossaryPage = readFileSync(join(DIST, 'glossary/index.html'), 'utf8');
}, 300_000);

const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
const idsOf = (html: string) => new Set(all(html, /\sid="([^"]+)"/g));
const quizPart = () => lesson.slice(lesson.indexOf('<section class="quiz"'));

describe('the built lesson', () => {
  it('ends with a quiz of 3 to 6 questions, each with a right option and explanations', () => {
    expect(lesson).toContain('<section class="quiz"');
    const quiz = quizPart().slice(0, quizPart().indexOf('</section>'));
    const questions = quiz.split('class="quiz-question"').slice(1);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeLessThanOrEqual(6);
    for (const q of questions) {
      expect(q).toContain('data-correct="true"');
      expect(q).toContain('data-correct="false"');
      // Every option opens onto a verdict and its reason.
      const options = q.split('class="quiz-option"').length - 1;
      expect(q.split('<details').length - 1).toBe(options);
      expect(q.split('quiz-verdict').length - 1).toBe(options);
    }
    // The recap comes before it.
    expect(lesson.indexOf('class="recap"')).toBeGreaterThan(0);
    expect(lesson.indexOf('class="recap"')).toBeLessThan(lesson.indexOf('class="quiz"'));
  });

  it('links quiz options to frames that are on the page', () => {
    const ids = idsOf(lesson);
    const targets = all(quizPart(), /href="#([^"]+)"/g);
    expect(targets.length).toBeGreaterThanOrEqual(4);
    for (const target of targets) expect(ids, target).toContain(target);
  });

  it('links every Term to an entry that exists on /glossary/, several of them', () => {
    // Each term opens its card in place; the card links on to the glossary.
    const buttons = all(lesson, /<button type="button" class="term"[^>]* popovertarget="([^"]+)"/g);
    const cards = all(lesson, /<span class="term-card"[^>]* popover id="([^"]+)"/g);
    expect(buttons.length).toBeGreaterThanOrEqual(8);
    expect(cards).toEqual(buttons);
    expect(new Set(cards).size).toBe(cards.length);
    const terms = all(lesson, /<a class="term-link"[^>]* href="([^"]+)"/g);
    expect(new Set(terms).size).toBeGreaterThanOrEqual(8);
    const glossaryIds = idsOf(glossaryPage);
    for (const href of terms) {
      expect(href).toMatch(/^\/glossary\/#[a-z-]+$/);
      expect(glossaryIds, href).toContain(href.split('#')[1]);
    }
  });

  it('places a TryIt for each exercise, leading to a built exercise page with a status badge', () => {
    const tryIts = all(lesson, /<a href="([^"]+)" data-try-it=/g);
    expect(tryIts).toEqual([
      '/exercises/raw-client/',
      '/exercises/two-kinds-of-failure/',
      '/exercises/stdout-is-the-wire/',
    ]);
    for (const href of tryIts) {
      expect(existsSync(join(DIST, href, 'index.html')), href).toBe(true);
      const id = href.split('/')[2];
      expect(lesson).toContain(`data-try-it="${id}"`);
    }
    // Each one sits after the section it practises, before the next heading.
    const at = (text: string) => lesson.indexOf(text);
    expect(at('data-try-it="raw-client"')).toBeLessThan(at('id="two-kinds-of-failure"'));
    expect(at('data-try-it="two-kinds-of-failure"')).toBeGreaterThan(
      at('id="two-kinds-of-failure"'),
    );
    expect(at('data-try-it="two-kinds-of-failure"')).toBeLessThan(
      at('id="stdio-a-pipe-and-a-rule"'),
    );
    expect(at('data-try-it="stdout-is-the-wire"')).toBeGreaterThan(
      at('id="stdio-a-pipe-and-a-rule"'),
    );
  });

  it('links the glossary from every page header', () => {
    expect(lesson).toMatch(/<nav class="site-nav"[^>]*>\s*<a href="\/glossary\/"/);
  });
});

const page = (body: string) =>
  [
    "import Term from '../../../components/Term.astro';",
    "import Quiz from '../../../components/Quiz.astro';",
    '',
    '# A lesson with a mistake',
    '',
    body,
    '',
  ].join('\n');

describe('a real astro build of a lesson with a broken teaching component', () => {
  it('fails on an unknown term id, or a question with no right answer, naming file and mistake; escapes what it renders', async () => {
    const [term, quiz, hostile] = await Promise.all([
      buildFixture('teaching-kit', [], {
        'src/pages/lessons/oops.mdx': page('Read about <Term id="capabilty">capabilities</Term>.'),
      }),
      buildFixture('teaching-kit', [], {
        'src/pages/lessons/quiz.mdx': page(
          "<Quiz questions={[{ question: 'Fine?', options: [{ text: 'a', correct: true, why: 'x' }, { text: 'b', why: 'y' }] }, { question: 'Broken?', options: [{ text: 'a', why: 'x' }, { text: 'b', why: 'y' }] }]} />",
        ),
      }),
      buildFixture('teaching-kit', [], {
        'src/pages/lessons/hostile.mdx': page(
          "<Quiz questions={[{ question: '<img src=x onerror=alert(1)> `<b>`?', options: [{ text: '<script>alert(2)</script>', correct: true, why: '\"><i>why</i>' }, { text: 'b', why: 'y' }] }]} />",
        ),
      }),
    ]);
    try {
      // Text from props is escaped, inside and outside backticks.
      expect(hostile.code, hostile.output).toBe(0);
      const html = readFileSync(join(hostile.root, 'dist/lessons/hostile/index.html'), 'utf8');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('<code>&lt;b&gt;</code>');
      expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
      expect(html).not.toMatch(/<img|<script>alert|<i>why/);
      expect(term.code).not.toBe(0);
      expect(term.output).toContain(
        'the page /lessons/oops/: Term: there is no glossary term "capabilty" in components/teaching/glossary.ts (known: ',
      );
      expect(quiz.code).not.toBe(0);
      expect(quiz.output).toContain(
        'the page /lessons/quiz/: Quiz question 2 has no correct option',
      );
    } finally {
      await Promise.all([term.cleanup(), quiz.cleanup(), hostile.cleanup()]);
    }
  });
});

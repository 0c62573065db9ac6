import { describe, expect, it } from 'vitest';
import { describeLessonErrors, lessonSchema } from '../../src/content/lesson-schema.ts';
import { buildFixture } from './astro-build.ts';

const good = {
  title: 'The wire',
  summary: 'Three shapes, two transports.',
  order: 2,
  spec: '2025-11-25',
  exercises: ['raw-client'],
};

describe('lesson frontmatter schema', () => {
  it('accepts a complete frontmatter and defaults exercises to an empty list', () => {
    expect(lessonSchema.parse(good)).toEqual(good);
    const { exercises: _omit, ...rest } = good;
    expect(lessonSchema.parse(rest).exercises).toEqual([]);
  });

  it('names the file and the field, and says what a good value looks like', () => {
    const { title: _omit, ...noTitle } = good;
    expect(describeLessonErrors('lessons/x.mdx', noTitle)).toEqual([
      'lessons/x.mdx: title: title is required: a short text such as "The wire"',
    ]);
    expect(describeLessonErrors('lessons/x.mdx', { ...good, order: 'two' })).toEqual([
      'lessons/x.mdx: order: order must be a whole number such as 2, not "two"',
    ]);
    expect(describeLessonErrors('lessons/x.mdx', { ...good, order: 2.5 })).toEqual([
      'lessons/x.mdx: order: order must be a whole number such as 2',
    ]);
  });

  it('tells an author to quote an unquoted YAML date in spec', () => {
    // YAML reads spec: 2025-11-25 (no quotes) as a date, not a string.
    const [line] = describeLessonErrors('l.mdx', { ...good, spec: new Date('2025-11-25') });
    expect(line).toMatch(/^l\.mdx: spec: spec must be a revision date in quotes/);
  });

  it('rejects misspelt fields and badly formed exercise ids', () => {
    const { summary, ...rest } = good;
    const lines = describeLessonErrors('l.mdx', { ...rest, sumary: summary });
    expect(lines).toContain(
      'l.mdx: summary: summary is required: one sentence saying what the lesson teaches',
    );
    expect(lines.some((l) => l.includes('unknown field sumary'))).toBe(true);
    expect(describeLessonErrors('l.mdx', { ...good, exercises: ['Raw Client'] })).toEqual([
      'l.mdx: exercises.0: each exercise id must be kebab-case, e.g. raw-client',
    ]);
  });
});

describe('a real astro build with a broken lesson', () => {
  it('fails, naming the file and the field with the friendly message', async () => {
    const build = await buildFixture('broken-lesson', [
      'src/content.config.ts',
      'src/content/lesson-schema.ts',
    ]);
    try {
      expect(build.code).not.toBe(0);
      expect(build.output).toContain('lessons/broken-order.mdx');
      expect(build.output).toContain('order must be a whole number such as 2, not "two"');
      expect(build.output).not.toContain('fine.mdx');
    } finally {
      await build.cleanup();
    }
  });
});

describe('a real astro build with dangling ids', () => {
  it('fails, naming every dangling id by file and field', async () => {
    const build = await buildFixture(
      'dangling-ids',
      [
        'src/content.config.ts',
        'src/content/lesson-schema.ts',
        'src/content/lessons.ts',
        'src/content/course-links.ts',
        'src/content/outline.ts',
      ],
      // The page lists lessons the way the site does, which is where the guard runs.
      {
        'src/pages/index.astro': [
          '---',
          "import { publishedLessons } from '../content/lessons.ts';",
          'const lessons = await publishedLessons();',
          '---',
          '<ul>{lessons.map((l) => <li>{l.data.title}</li>)}</ul>',
          '',
        ].join('\n'),
      },
    );
    try {
      expect(build.code).not.toBe(0);
      expect(build.output).toContain(
        'lessons/one.mdx: exercises.0: there is no exercise "no-such-exercise" in exercises/ (known: orphan-ex)',
      );
      expect(build.output).toContain(
        'exercises/orphan-ex/exercise.json: lesson: there is no lesson "no-such-lesson" in lessons/ (known: one)',
      );
      expect(build.output).toContain('exercises/registry.ts: "orphan-ex" has no checks registered');
      expect(build.output).toContain('exercises/registry.ts: "ghost" has checks but no folder');
    } finally {
      await build.cleanup();
    }
  });
});

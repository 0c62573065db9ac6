import { describe, expect, it } from 'vitest';
import { describeLessonErrors, lessonSchema } from '../../src/content/lesson-schema.ts';
import { buildFixture } from './astro-build.ts';

const good = {
  title: 'The wire',
  summary: 'Three shapes, two transports.',
  spec: '2025-11-25',
};

describe('lesson frontmatter schema', () => {
  it('accepts a complete frontmatter', () => {
    expect(lessonSchema.parse(good)).toEqual(good);
    expect(lessonSchema.parse({ ...good, draft: true })).toEqual({ ...good, draft: true });
  });

  it('sends an author who writes order or exercises to where they are kept now', () => {
    expect(describeLessonErrors('l.mdx', { ...good, order: 2, exercises: ['raw-client'] })).toEqual(
      [
        "l.mdx: (frontmatter): order: the lesson's place in the course is its folder's number (lessons/02-the-wire/); exercises: a lesson's exercises are the folders in its exercises/ (lessons/02-the-wire/exercises/raw-client/)",
      ],
    );
  });

  it('names the file and the field, and says what a good value looks like', () => {
    const { title: _omit, ...noTitle } = good;
    expect(describeLessonErrors('lessons/x.mdx', noTitle)).toEqual([
      'lessons/x.mdx: title: title is required: a short text such as "The wire"',
    ]);
    expect(describeLessonErrors('lessons/x.mdx', { ...good, draft: 'yes' })).toEqual([
      'lessons/x.mdx: draft: draft must be true or false',
    ]);
  });

  it('tells an author to quote an unquoted YAML date in spec', () => {
    // YAML reads spec: 2025-11-25 (no quotes) as a date, not a string.
    const [line] = describeLessonErrors('l.mdx', { ...good, spec: new Date('2025-11-25') });
    expect(line).toMatch(/^l\.mdx: spec: spec must be a revision date in quotes/);
  });

  it('rejects misspelt fields', () => {
    const { summary, ...rest } = good;
    const lines = describeLessonErrors('l.mdx', { ...rest, sumary: summary });
    expect(lines).toContain(
      'l.mdx: summary: summary is required: one sentence saying what the lesson teaches',
    );
    expect(lines.some((l) => l.includes('unknown field sumary'))).toBe(true);
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
      expect(build.output).toContain('lessons/02-broken-spec/lesson.mdx');
      expect(build.output).toContain(
        'spec must be a spec revision date in quotes, e.g. spec: "2025-11-25"',
      );
      expect(build.output).toContain(
        "order: the lesson's place in the course is its folder's number",
      );
      expect(build.output).not.toContain('01-fine');
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
        "lessons/01-one/exercises/orphan-ex/check.ts: missing, so the exercise's Check would have nothing to run",
      );
      expect(build.output).toContain(
        'lessons/01-one/exercises/ghost/check.ts: has checks but no exercise.json beside it',
      );
    } finally {
      await build.cleanup();
    }
  });
});

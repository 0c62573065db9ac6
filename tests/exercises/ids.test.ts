// The one exercise-id rule that the loader, the CLIs, the runtime endpoint, the scaffold and
// the lesson frontmatter all use.
import { describe, expect, it } from 'vitest';
import {
  EXERCISE_ID_BODY,
  exerciseIdSchema,
  isExerciseId,
  isLessonSlug,
} from '../../sandbox/exercises/ids.ts';

describe('exercise ids', () => {
  it.each(['raw-client', 'x', 'two-kinds-of-failure', 'http2-client', 'a1-b2'])(
    'accepts %j',
    (id) => expect(isExerciseId(id)).toBe(true),
  );

  it.each([
    'raw--client',
    '-x',
    'x-',
    'Raw',
    'raw-Client',
    'a/b',
    '..',
    '',
    '2fa',
    'raw client',
    'raw_client',
    'a'.repeat(65),
  ])('refuses %j', (id) => expect(isExerciseId(id)).toBe(false));

  it('refuses what is not a string', () => {
    expect(isExerciseId(undefined)).toBe(false);
    expect(isExerciseId(42)).toBe(false);
  });

  it('puts the caller’s words on a missing and on a wrong id', () => {
    const schema = exerciseIdSchema({ missing: 'give an id', wrong: 'not an id' });
    expect(schema.parse('raw-client')).toBe('raw-client');
    expect(schema.safeParse(undefined).error?.issues[0].message).toBe('give an id');
    expect(schema.safeParse('raw--client').error?.issues[0].message).toBe('not an id');
  });

  it('gives the same answer as a pattern built into a larger one', () => {
    const inside = new RegExp(`^'(${EXERCISE_ID_BODY})'$`);
    for (const id of ['raw-client', 'raw--client', '-x', 'x-', 'Raw']) {
      expect(inside.test(`'${id}'`), id).toBe(isExerciseId(id));
    }
  });
});

describe('lesson slugs', () => {
  it('accepts kebab-case file names, digits first included', () => {
    for (const slug of ['the-wire', '01-intro', 'x']) expect(isLessonSlug(slug), slug).toBe(true);
  });
  it('refuses anything else', () => {
    for (const slug of ['The Wire', 'the--wire', '-x', 'x-', 'a/b', '..', '']) {
      expect(isLessonSlug(slug), slug).toBe(false);
    }
  });
});

// <TryIt> must lead to an exercise that exists: an unknown id throws a sentence naming the
// lesson file and the id, as dangling frontmatter ids do.
import { describe, expect, it } from 'vitest';
import { exerciseRef } from '../../components/teaching/exercise-ref.ts';
import { authorFile } from '../../components/teaching/where.ts';
import { REPO } from '../site/serve-dist.ts';

describe('exerciseRef', () => {
  it('gives the title and the page of a known exercise', () => {
    expect(exerciseRef('raw-client', 'lessons/the-wire.mdx', REPO)).toMatchObject({
      id: 'raw-client',
      title: 'A client by hand',
      href: '/exercises/raw-client/',
    });
  });

  it('fails on an unknown id, naming the lesson file, the id and the known ids', () => {
    expect(() => exerciseRef('raw-clinet', 'lessons/the-wire.mdx', REPO)).toThrow(
      /^lessons\/the-wire\.mdx: TryIt: there is no exercise "raw-clinet" in any lesson's exercises\/ \(known: .*raw-client/,
    );
  });
});

describe('authorFile', () => {
  it('names the MDX file of a lesson page and the path of any other page', () => {
    expect(authorFile('/lessons/the-wire/')).toBe('lessons/02-the-wire/lesson.mdx');
    expect(authorFile('/lessons/the-wire')).toBe('lessons/02-the-wire/lesson.mdx');
    expect(authorFile('/glossary/')).toBe('the page /glossary/');
  });
});

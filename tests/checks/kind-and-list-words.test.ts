// Two pieces of wording: a JSON type with its article, and a list cut after its first few
// with the rest counted (its frame mentions kept).
import { describe, expect, it } from 'vitest';
import { aKindOf, firstFew, frameRef, mentionedFrames, say } from '../../sandbox/checks/index.ts';

describe('aKindOf', () => {
  it('puts "an" before a type that starts with a vowel and "a" before the others', () => {
    expect([{}, [], 'x', 2, true].map(aKindOf)).toEqual([
      'an object',
      'an array',
      'a string',
      'a number',
      'a boolean',
    ]);
  });

  it('gives null no article', () => {
    expect(aKindOf(null)).toBe('null');
  });
});

describe('firstFew', () => {
  const items = [1, 2, 3, 4, 5].map((n) => say`${frameRef(n)} is stray`);

  it('names the first few and counts the rest', () => {
    const said = firstFew(items, 3);
    expect(String(said)).toBe('frame 1 is stray; frame 2 is stray; frame 3 is stray; and 2 more');
    expect(mentionedFrames(said)).toEqual([1, 2, 3]);
  });

  it('adds no count when nothing is left out', () => {
    expect(String(firstFew(items.slice(0, 2), 2))).toBe('frame 1 is stray; frame 2 is stray');
    expect(String(firstFew([], 4))).toBe('');
  });
});

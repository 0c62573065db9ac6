// One way to report a zod failure: the file, the field and the schema's own message.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  friendlyLines,
  InputError,
  parseWithFriendlyErrors,
} from '../../sandbox/input/friendly-errors.ts';

const Schema = z
  .object({
    name: z.string({ error: 'name must be text' }),
    files: z.object({ list: z.array(z.string()).min(1, { error: 'list needs a file' }) }),
  })
  .refine((v) => v.name !== 'x', { error: 'the whole thing is wrong' });

describe('friendly zod errors', () => {
  it('returns the parsed value when it fits', () => {
    expect(parseWithFriendlyErrors(Schema, { name: 'a', files: { list: ['f'] } })).toEqual({
      name: 'a',
      files: { list: ['f'] },
    });
  });

  it('names the file and the dotted field on every line', () => {
    let caught: unknown;
    try {
      parseWithFriendlyErrors(Schema, { name: 3, files: { list: [] } }, { file: 'ex.json' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).lines).toEqual([
      'ex.json: name: name must be text',
      'ex.json: files.list: list needs a file',
    ]);
    expect((caught as InputError).message).toBe(
      'ex.json: name: name must be text\nex.json: files.list: list needs a file',
    );
  });

  it('labels a problem with the whole value, and gives bare messages without a file', () => {
    const error = Schema.safeParse({ name: 'x', files: { list: ['f'] } }).error!;
    expect(friendlyLines(error, { file: 'l.mdx', topLevel: '(frontmatter)' })).toEqual([
      'l.mdx: (frontmatter): the whole thing is wrong',
    ]);
    expect(friendlyLines(error, { file: 'l.mdx' })).toEqual([
      'l.mdx: (top level): the whole thing is wrong',
    ]);
    expect(friendlyLines(error)).toEqual(['the whole thing is wrong']);
  });
});

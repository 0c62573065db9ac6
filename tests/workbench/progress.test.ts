// Reading saved progress back: whatever is in localStorage, the workbench gets files it can
// show and a done mark, and a list naming every part it had to leave out.
import { describe, expect, it } from 'vitest';
import {
  MAX_SAVED_FILE_CHARS,
  readProgress,
  type ReadBack,
} from '../../components/workbench/progress.ts';

const EDITABLE = ['client.ts', 'server.ts'];
const read = (value: unknown) => readProgress(JSON.stringify(value), EDITABLE);
const huge = 'x'.repeat(MAX_SAVED_FILE_CHARS + 1);

describe('whole progress', () => {
  it('reads what the workbench writes, with nothing left out', () => {
    const progress = { files: { 'client.ts': 'a', 'server.ts': '' }, done: true };
    expect(read(progress)).toEqual({ progress, discarded: [] });
  });

  it('reads nothing stored as no progress and no damage', () => {
    expect(readProgress(null, EDITABLE)).toEqual({ progress: undefined, discarded: [] });
    expect(readProgress('', EDITABLE)).toEqual({ progress: undefined, discarded: [] });
  });

  it('keeps a file exactly as long as a run takes', () => {
    const text = 'y'.repeat(MAX_SAVED_FILE_CHARS);
    expect(read({ files: { 'client.ts': text } }).progress?.files['client.ts']).toBe(text);
  });
});

describe('damaged progress: what is kept, and what is named', () => {
  const cases: [string, string, ReadBack][] = [
    [
      'not JSON',
      '{"files":',
      { progress: undefined, discarded: ['everything saved (it is not JSON)'] },
    ],
    [
      'an array',
      '[1,2]',
      { progress: undefined, discarded: ['everything saved (it is not a saved exercise)'] },
    ],
    [
      'null',
      'null',
      { progress: undefined, discarded: ['everything saved (it is not a saved exercise)'] },
    ],
    [
      'a number',
      '42',
      { progress: undefined, discarded: ['everything saved (it is not a saved exercise)'] },
    ],
    [
      'a string',
      '"client.ts"',
      { progress: undefined, discarded: ['everything saved (it is not a saved exercise)'] },
    ],
    [
      'files not an object, done kept',
      JSON.stringify({ files: 'client.ts', done: true }),
      {
        progress: { files: {}, done: true },
        discarded: ['the saved files (they are not a set of named files)'],
      },
    ],
    [
      'files an array',
      JSON.stringify({ files: ['a'], done: false }),
      {
        progress: { files: {}, done: false },
        discarded: ['the saved files (they are not a set of named files)'],
      },
    ],
    [
      'a file that is a number, the other kept',
      JSON.stringify({ files: { 'client.ts': 123, 'server.ts': 'kept' }, done: true }),
      {
        progress: { files: { 'server.ts': 'kept' }, done: true },
        discarded: ['"client.ts" (it is not text)'],
      },
    ],
    [
      'a file that is null or an object',
      JSON.stringify({ files: { 'client.ts': null, 'server.ts': { text: 'a' } } }),
      {
        progress: { files: {}, done: false },
        discarded: ['"client.ts" (it is not text)', '"server.ts" (it is not text)'],
      },
    ],
    [
      'an unknown path',
      JSON.stringify({ files: { 'client.ts': 'kept', '../etc/passwd': 'x' }, done: true }),
      {
        progress: { files: { 'client.ts': 'kept' }, done: true },
        discarded: ['"../etc/passwd" (not files of this exercise)'],
      },
    ],
    [
      'done not a boolean',
      JSON.stringify({ files: { 'client.ts': 'kept' }, done: 'yes' }),
      {
        progress: { files: { 'client.ts': 'kept' }, done: false },
        discarded: ['the done mark (it is neither true nor false)'],
      },
    ],
    [
      'a huge string',
      JSON.stringify({ files: { 'client.ts': huge, 'server.ts': 'kept' }, done: true }),
      {
        progress: { files: { 'server.ts': 'kept' }, done: true },
        discarded: ['"client.ts" (longer than the 256 KiB a run takes)'],
      },
    ],
    [
      'everything wrong at once',
      JSON.stringify({ files: { 'client.ts': 1, 'a.ts': 'x' }, done: 1, extra: true }),
      {
        progress: { files: {}, done: false },
        discarded: [
          '"client.ts" (it is not text)',
          '"a.ts" (not files of this exercise)',
          'the done mark (it is neither true nor false)',
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(readProgress(raw, EDITABLE)).toEqual(expected);
  });

  it('never lets a saved "__proto__" become the prototype of the files', () => {
    const { progress } = readProgress('{"files":{"__proto__":{"polluted":"x"},"client.ts":"a"}}');
    expect(progress?.files).toEqual({ 'client.ts': 'a' });
    expect(Object.getPrototypeOf(progress?.files)).toBe(Object.prototype);
    expect((progress?.files as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names a few strangers, each cut to a line, however many and long they are', () => {
    const long = 'n'.repeat(10_000);
    const files = Object.fromEntries(
      [long, ...Array.from({ length: 500 }, (_, i) => `f${i}.ts`)].map((p) => [p, 'x']),
    );
    const { discarded } = read({ files });
    expect(discarded).toEqual([
      `"${'n'.repeat(59)}…", "f0.ts", "f1.ts" and 498 more (not files of this exercise)`,
    ]);
  });

  it('without the editable list (a status badge), reads only the done mark and text files', () => {
    const back = readProgress(JSON.stringify({ files: { 'any.ts': 'a', 'b.ts': 2 }, done: true }));
    expect(back).toEqual({
      progress: { files: { 'any.ts': 'a' }, done: true },
      discarded: ['"b.ts" (it is not text)'],
    });
  });
});

// A sentence about every item of a list agrees in number, and a diagnostic a server should have
// kept on stderr is told as moved to stdout (with its frame) or gone.
import { describe, expect, it } from 'vitest';
import { allOf, mentionedFrames, missingDiagnostics } from '../../sandbox/checks/index.ts';
import { fakeRun } from './fake-run.ts';

describe('allOf', () => {
  it('says "the one … was" for one item and "all N … were" for more', () => {
    expect(allOf(1, 'tool error', 'handed over')).toBe('The one tool error was handed over.');
    expect(allOf(3, 'tool error', 'handed over')).toBe('All 3 tool errors were handed over.');
  });

  it('takes the verb and the plural it is given', () => {
    expect(allOf(2, 'reply', 'the model nothing', ['gave', 'gave'], 'replies')).toBe(
      'All 2 replies gave the model nothing.',
    );
  });
});

describe('missingDiagnostics', () => {
  const expected = [
    { what: 'the banner', says: (l: string) => l.includes('banner') },
    { what: 'the count', says: (l: string) => l.includes('loaded') },
  ];

  it('names a diagnostic left on stdout by its frame, and one deleted as gone', () => {
    const run = fakeRun({
      frames: [{ seq: 0, t: 0, dir: 's2c', transport: 'stdio', text: 'banner v1' }],
    });
    const { missing, told } = missingDiagnostics(run, expected, []);
    expect(missing.map((d) => d.what)).toEqual(['the banner', 'the count']);
    expect(told.map(String)).toEqual([
      'the banner is still on stdout (frame 0)',
      'the count is gone',
    ]);
    expect(mentionedFrames(told[0]!)).toEqual([0]);
  });

  it('finds nothing missing when stderr says everything', () => {
    const run = fakeRun({ frames: [] });
    expect(missingDiagnostics(run, expected, ['banner', 'loaded 2']).missing).toEqual([]);
  });
});

// Check messages keep their frame mentions as data, through nesting and joining.
import { describe, expect, it } from 'vitest';
import { capitalised, frameRef, joined, mentionedFrames, say } from '../../sandbox/checks/say.ts';

describe('say', () => {
  it('keeps frame mentions as parts and reads as plain text', () => {
    const m = say`Your ${frameRef(3)} has id ${7}; see frames ${frameRef(4, '4')}–${frameRef(9, '9')}.`;
    expect(m.parts).toEqual([
      'Your ',
      { frame: 3, text: 'frame 3' },
      ' has id 7; see frames ',
      { frame: 4, text: '4' },
      '–',
      { frame: 9, text: '9' },
      '.',
    ]);
    expect(String(m)).toBe('Your frame 3 has id 7; see frames 4–9.');
    expect(mentionedFrames(m)).toEqual([3, 4, 9]);
  });

  it('flattens a message inside another and joins messages without losing links', () => {
    const inner = say`${frameRef(1)} was dropped`;
    const outer = capitalised(say`${say`the line`} in ${inner}`);
    expect(String(outer)).toBe('The line in frame 1 was dropped');
    expect(mentionedFrames(outer)).toEqual([1]);
    const list = joined([say`a ${frameRef(2)}`, say`b ${frameRef(5)}`], '; ');
    expect(String(list)).toBe('a frame 2; b frame 5');
    expect(mentionedFrames(list)).toEqual([2, 5]);
  });
});

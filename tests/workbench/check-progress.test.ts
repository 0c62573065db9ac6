// The line a check under way shows: seconds so far and the phase the harness's events tell.
import { describe, expect, it } from 'vitest';
import { createCheckProgress } from '../../components/workbench/check-progress.ts';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';

const frame = { type: 'frame', seq: 0, t: 0, dir: 'c2s', text: '{}' } as unknown as HarnessEvent;

describe('check progress', () => {
  it('follows the run: starting, frames, the program ending, the checks', () => {
    const p = createCheckProgress();
    expect(p.line(400)).toBe('0 s: starting the programs; no frame on the wire yet.');
    p.see(frame);
    expect(p.line(1500)).toBe('1 s: your program is running, 1 frame on the wire so far.');
    p.see(frame);
    p.see({ type: 'stdout', source: 'learner', text: 'x' });
    // The server ending is not the program ending.
    p.see({ type: 'exit', source: 'peer', code: 0, signal: null });
    expect(p.line(12_900)).toBe('12 s: your program is running, 2 frames on the wire so far.');
    p.see({ type: 'exit', source: 'learner', code: 0, signal: null });
    expect(p.line(13_000)).toBe(
      '13 s: your program has ended; the checker is reading its 2 frames.',
    );
    p.see({ type: 'check', id: 'a', title: 'A', ok: true, message: '', parts: [] });
    expect(p.line(14_000)).toBe('14 s: judging the run, 1 checks done.');
  });
});

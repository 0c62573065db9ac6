// The stdio tap records every line in both directions byte for byte, including lines that
// are not JSON, CRLF endings, characters split across writes and a last line with no newline.
import { describe, expect, it } from 'vitest';
import { collect, FIXTURE_EXERCISES } from './helpers.ts';

describe('stdio tap', () => {
  it('records frames exactly, in order, with direction', async () => {
    const { events, summary } = await collect({
      exercise: 'echo',
      exercisesRoot: FIXTURE_EXERCISES,
      mode: 'run',
      checks: {},
    });
    expect(summary.verdict).toBe('completed');
    const frames = events.flatMap((e) => (e.type === 'frame' ? [e] : []));
    const sent = [
      '{"jsonrpc":"2.0","method":"a"}',
      'not json at all',
      'crlf line\r',
      'split € done',
      'tail without newline',
    ];
    expect(frames.filter((f) => f.dir === 'c2s').map((f) => f.text)).toEqual(sent);
    expect(frames.filter((f) => f.dir === 's2c').map((f) => f.text)).toEqual(
      sent.map((s) => s.toUpperCase()),
    );
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    for (let i = 1; i < frames.length; i++)
      expect(frames[i].t).toBeGreaterThanOrEqual(frames[i - 1].t);
    // The echo peer's stderr arrives once, attributed to the peer.
    const peerErr = events.filter((e) => e.type === 'stderr' && e.source === 'peer');
    expect(peerErr.map((e) => ('text' in e ? e.text : '')).join('')).toBe('peer ready\n');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'exit', source: 'peer', code: 0 }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', verdict: 'completed' });
    // Run mode judges nothing.
    expect(events.some((e) => e.type === 'check')).toBe(false);
    expect(summary.passed).toBeUndefined();
  });

  it('reports an unknown exercise as a harness error, not a crash', async () => {
    const { events, summary } = await collect({
      exercise: 'no-such-thing',
      exercisesRoot: FIXTURE_EXERCISES,
      mode: 'check',
      checks: {},
    });
    expect(summary.verdict).toBe('error');
    expect(events).toEqual([expect.objectContaining({ type: 'done', verdict: 'error' })]);
    expect(summary.summary).toContain('unknown exercise "no-such-thing"');
  });
});

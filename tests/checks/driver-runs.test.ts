// Readings for drivers that run the learner's client several times: each run with the frames
// from its start marker and the report of how it ended, matched by the name both lines give it;
// the words of a client that parsed a piece of a line, in a stderr the driver reported; and a
// run's initialize with the version its answer settled.
import { describe, expect, it } from 'vitest';
import {
  conversation,
  initializeOf,
  parseCrash,
  reportedRuns,
} from '../../sandbox/checks/index.ts';
import { fakeRun, jsonFrame } from './fake-run.ts';

describe('reportedRuns', () => {
  it('pairs each marked run with the end report that names it, or none when it has none', () => {
    const line = (tag: string, value: object) => `@@${tag} ${JSON.stringify(value)}\n`;
    const stdout =
      line('start', { legacy: 'reject' }) +
      line('end', { legacy: 'reject', code: 1 }) +
      line('start', { legacy: 'serve' });
    const frames = [0, 1, 2].map((seq) => jsonFrame(seq, 'c2s', { method: 'ping', id: seq }));
    const runs = reportedRuns(
      fakeRun({
        frames,
        program: { stdout, stderr: '', exit: { code: 0, signal: null } },
        printed: [
          { offset: 0, frames: 0 },
          { offset: stdout.lastIndexOf('@@start'), frames: 2 },
        ],
      }),
      'start',
      'end',
      'legacy',
    );
    expect(runs.map((r) => [r.name, r.end?.code, r.conv.reads.length])).toEqual([
      ['reject', 1, 2],
      ['serve', undefined, 1],
    ]);
  });
});

describe('parseCrash', () => {
  it("finds Node's SyntaxError about JSON, and nothing in other failures", () => {
    const stderr =
      'file:///x/client.ts:3\n  SyntaxError: Unterminated string in JSON at position 9\n    at JSON.parse\n';
    expect(parseCrash(stderr)).toBe('SyntaxError: Unterminated string in JSON at position 9');
    expect(parseCrash('TypeError: x is not a function\n')).toBeUndefined();
  });
});

describe('initializeOf', () => {
  it('finds the initialize, its answer and the version answered; none for an error', () => {
    const init = jsonFrame(1, 'c2s', { id: 1, method: 'initialize', params: {} });
    const ping = jsonFrame(0, 'c2s', { id: 0, method: 'ping' });
    const ok = jsonFrame(2, 's2c', { id: 1, result: { protocolVersion: '2025-06-18' } });
    const err = jsonFrame(2, 's2c', { id: 1, error: { code: -32602, message: 'no' } });
    const read = (answer: typeof ok) =>
      initializeOf(conversation(fakeRun({ frames: [ping, init, answer] })));
    const settled = read(ok);
    expect([settled.init?.frame.seq, settled.answer?.frame.seq, settled.answered]).toEqual([
      1,
      2,
      '2025-06-18',
    ]);
    expect(read(err)).toMatchObject({ answered: undefined });
    expect(read(err).answer?.frame.seq).toBe(2);
  });
});

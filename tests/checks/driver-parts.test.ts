// The readers added for drivers that run the learner's program and then something else, for
// gateways judged case by case, and for replies read as errors: each on a run built by hand.
import { describe, expect, it } from 'vitest';
import {
  bearerChallenge,
  conversation,
  errorOf,
  frontUntil,
  markedRuns,
  requestById,
} from '../../sandbox/checks/index.ts';
import { fakeRun } from './fake-run.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';

const frame = (seq: number, dir: 'c2s' | 's2c', message: object | string): FrameRecord => ({
  seq,
  t: seq,
  dir,
  transport: 'stdio',
  text: typeof message === 'string' ? message : JSON.stringify({ jsonrpc: '2.0', ...message }),
});

const frames = [
  frame(0, 'c2s', { id: 1, method: 'server/discover' }),
  frame(1, 's2c', { id: 1, error: { code: -32601, message: 'no such method' } }),
  frame(2, 'c2s', 'not json'),
  frame(3, 'c2s', { id: 'a', method: 'initialize' }),
  frame(4, 's2c', { id: 'a', result: {} }),
];

describe('frontUntil', () => {
  const stdout =
    'printed by the port\n@@port-exit {"code":3,"signal":null}\n@@next {"legacy":"reject"}\n';
  const run = fakeRun({
    frames,
    program: { stdout, stderr: '', exit: { code: 0, signal: null } },
    printed: [
      { offset: 0, frames: 0 },
      { offset: stdout.indexOf('@@next'), frames: 3 },
    ],
  });

  it('keeps the frames before the marker, the stdout before the exit line and that exit', () => {
    const front = frontUntil(run, 'next', 'port-exit');
    expect(front.frames.map((f) => f.seq)).toEqual([0, 1, 2]);
    expect(front.program.stdout).toBe('printed by the port\n');
    expect(front.program.exit).toEqual({ code: 3, signal: null });
  });

  it('is the whole run, with its own exit, when the driver printed neither line', () => {
    const whole = frontUntil(fakeRun({ frames }), 'next', 'port-exit');
    expect(whole.frames).toHaveLength(5);
    expect(whole.program.exit).toEqual({ code: 0, signal: null });
  });

  it('names marked runs by the field it is told', () => {
    expect(markedRuns(run, 'next', 'legacy').map((m) => m.name)).toEqual(['reject']);
    expect(markedRuns(run, 'next')).toEqual([]);
  });
});

describe('replies and requests', () => {
  const run = fakeRun({ frames });
  const [discover, answer, , , result] = conversation(run).reads;

  it('errorOf reads an error reply, and nothing from a result or no reply', () => {
    expect(errorOf(answer)).toEqual({ code: -32601, message: 'no such method' });
    expect(errorOf(result)).toBeUndefined();
    expect(errorOf(undefined)).toBeUndefined();
    expect(errorOf(discover)).toBeUndefined();
  });

  it('requestById finds the request with that id, of the same type', () => {
    expect(requestById(run, 'a')?.frame.seq).toBe(3);
    expect(requestById(run, '1')).toBeUndefined();
  });

  it('messages leaves out what did not read as a message', () => {
    expect(
      conversation(run)
        .messages('c2s')
        .map((r) => r.frame.seq),
    ).toEqual([0, 3]);
  });
});

describe('bearerChallenge', () => {
  it('reads the parameters by lower-case name, and whether each was quoted', () => {
    const c = bearerChallenge('BEARER Error="insufficient_scope", scope=orders:read');
    expect(c?.get('error')).toEqual({ value: 'insufficient_scope', quoted: true });
    expect(c?.get('scope')).toEqual({ value: 'orders:read', quoted: false });
  });

  it('is null for another scheme or no header, and empty for a bare Bearer', () => {
    expect(bearerChallenge('Basic realm="x"')).toBeNull();
    expect(bearerChallenge(undefined)).toBeNull();
    expect(bearerChallenge('Bearer')?.size).toBe(0);
  });
});

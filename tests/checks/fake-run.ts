// A RunRecord for testing the vocabulary's readers without running anything: a completed
// run that exited 0, with whatever the test puts in it. The default frames are three bare
// client lines, enough for readers that only count or slice them.
import type { RunRecord } from '../../sandbox/checks/index.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';

export const fakeRun = (over: Partial<RunRecord> = {}): RunRecord => ({
  exercise: 'x',
  learner: 'program',
  frames: [0, 1, 2].map((seq) => ({ seq, t: 0, dir: 'c2s', transport: 'stdio', text: '{}' })),
  unterminated: new Set(),
  stdinClosed: true,
  peerStarted: true,
  program: { stdout: '', stderr: '', exit: { code: 0, signal: null } },
  printed: [],
  splitDelivery: false,
  peer: { stdout: '', stderr: '', exit: null },
  verdict: 'completed',
  timeoutMs: 1000,
  durationMs: 1,
  ...over,
});

/** A stdio frame carrying one JSON-RPC message (the "jsonrpc" member is added). */
export const jsonFrame = (seq: number, dir: 'c2s' | 's2c', message: object): FrameRecord => ({
  seq,
  t: seq,
  dir,
  transport: 'stdio',
  text: JSON.stringify({ jsonrpc: '2.0', ...message }),
});

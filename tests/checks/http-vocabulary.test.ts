// The streamable HTTP readers and rules, read from frames as the recording proxy writes them
// (a request, its status line, each SSE event), and the readers of progress and of when a
// line was printed: one conversation that initializes, calls with a progress token, loses
// the call's stream, resumes it with Last-Event-ID (getting one event again) and deletes.
import { describe, expect, it } from 'vitest';
import {
  acceptHeader,
  afterInitialize,
  droppedStream,
  everyInSession,
  exchanges,
  fail,
  failAt,
  frameRef,
  issuedSession,
  lineDiff,
  lostReply,
  onceSent,
  pass,
  passAt,
  printedLate,
  progressSteps,
  progressTokenOf,
  replyEvent,
  serverAnswered,
  stoppedWith,
  streamedReply,
  type FrameRecord,
} from '../../sandbox/checks/index.ts';
import { fakeRun } from './fake-run.ts';

type Part = 'request' | 'response' | 'sse';
let seq = 0;
function frame(exchange: number, part: Part, body: object | '', extra: object = {}): FrameRecord {
  const n = seq++;
  return {
    seq: n,
    t: n * 100,
    dir: part === 'request' ? 'c2s' : 's2c',
    transport: 'http',
    text: body === '' ? '' : JSON.stringify({ jsonrpc: '2.0', ...body }),
    http: { exchange, part, headers: {}, ...extra },
  };
}
const session = { 'mcp-session-id': 's-1', 'mcp-protocol-version': '2025-11-25' };
const progress = (value: number, message: string) => ({
  method: 'notifications/progress',
  params: { progressToken: 'tok', progress: value, message },
});

const frames = [
  frame(0, 'request', { id: 1, method: 'initialize', params: {} }, { method: 'POST' }), // 0
  frame(0, 'response', '', { status: 200, headers: { 'mcp-session-id': 's-1' } }), // 1
  frame(0, 'sse', { id: 1, result: {} }), // 2
  frame(1, 'request', { method: 'notifications/initialized' }, { method: 'POST' }), // 3
  frame(1, 'response', '', { status: 202 }), // 4
  frame(
    2,
    'request',
    { id: 2, method: 'tools/call', params: { name: 't', _meta: { progressToken: 'tok' } } },
    { method: 'POST', headers: session },
  ), // 5
  frame(2, 'response', '', { status: 200 }), // 6
  frame(2, 'sse', '', { id: '2-0' }), // 7: the priming event
  frame(2, 'sse', progress(10, 'one'), { id: '2-1' }), // 8
  frame(3, 'request', '', { method: 'GET', headers: { ...session, 'last-event-id': '2-0' } }), // 9
  frame(3, 'response', '', { status: 200 }), // 10
  frame(3, 'sse', progress(10, 'one'), { id: '2-1' }), // 11: sent again after the earlier id
  frame(3, 'sse', progress(50, 'two'), { id: '2-2' }), // 12
  frame(3, 'sse', { id: 2, result: { content: [] } }, { id: '2-3' }), // 13
  frame(4, 'request', '', { method: 'DELETE', headers: session }), // 14
  frame(4, 'response', '', { status: 200 }), // 15
];
// "one" came out while frame 9 was the last one in, "two" only once frames 14 and 15 were.
const run = fakeRun({
  frames,
  program: { stdout: 'one\ntwo\n', stderr: '', exit: { code: 0, signal: null } },
  printed: [
    { offset: 0, frames: 10 },
    { offset: 4, frames: 16 },
  ],
});
const all = exchanges(run);
const [init, note, call, resumed] = all;

describe('the HTTP session', () => {
  it('is issued by a 200 to initialize and holds the requests after it', () => {
    const issued = issuedSession(all);
    expect(issued).toMatchObject({ id: 's-1', seq: 1 });
    expect(issued?.ex).toBe(init);
    expect(afterInitialize(all, init!).map((ex) => ex.method)).toEqual([
      'POST',
      'POST',
      'GET',
      'DELETE',
    ]);
  });

  it('judges a rule of every request of the session, and nothing before a request', () => {
    const judge = everyInSession(
      (ex, issued) =>
        ex.headers['mcp-session-id'] !== issued.id && fail`${frameRef(ex.request.frame.seq)}`,
      () => pass('all'),
    );
    expect(judge(run)).toMatchObject({ ok: false, frame: 3 });
    expect(onceSent(judge)(fakeRun({ frames: [] }))).toEqual({
      ok: false,
      reached: false,
      message: 'Your client sent no HTTP request to the server.',
    });
  });

  it('ends a failure with what the server answered, when it answered that', () => {
    expect(String(serverAnswered(note!))).toBe(' The server answered 202 (frame 4).');
    expect(serverAnswered(note!, 406, 'Not Acceptable')).toBe('');
    const refused = fakeRun({
      frames: [
        frame(0, 'request', { id: 1, method: 'initialize' }, { method: 'POST', headers: {} }),
        frame(0, 'response', '', { status: 406 }),
      ],
    });
    expect(String(acceptHeader.run(refused).message)).toContain(
      'The server answered 406 Not Acceptable (frame 17).',
    );
  });
});

describe('a dropped stream and its reply', () => {
  it('finds the reply on the stream that resumed the call', () => {
    expect(replyEvent(call!, call!.request.id)).toBeUndefined();
    expect(replyEvent(resumed!, call!.request.id)?.frame.seq).toBe(13);
    expect(streamedReply(all, call!)?.frame.seq).toBe(13);
  });

  it('tells where the dropped stream must resume and what the client sent next', () => {
    const drop = droppedStream(all, call!);
    expect(drop?.lastId).toBe('2-1');
    expect(drop?.last.frame.seq).toBe(8);
    expect(drop?.withId.map((e) => e.frame.seq)).toEqual([7, 8]);
    expect(drop?.next).toBe(resumed);
    expect(droppedStream(all, init!)).toBeUndefined();
  });

  it('sees a reply the client had and did not use', () => {
    const stuck = fakeRun({ frames: frames.slice(0, 3), verdict: 'timeout' });
    expect(lostReply(stuck)?.event.frame.seq).toBe(2);
    expect(lostReply(fakeRun({ frames: frames.slice(0, 3) }))).toBeUndefined();
  });
});

describe('progress and when it was printed', () => {
  it("reads the call's token and each progress value once, where it first came", () => {
    expect(progressTokenOf(call!.request)).toBe('tok');
    expect(progressTokenOf(init!.request)).toBeUndefined();
    const steps = progressSteps(run, call!.request);
    expect(steps.map((s) => [s.read.frame.seq, s.progress, s.message])).toEqual([
      [8, 10, 'one'],
      [12, 50, 'two'],
    ]);
  });

  it('says how long after its frame a line came out, by the last frame in before it', () => {
    expect(printedLate(run, 0, 8)).toMatchObject({ after: { seq: 9 }, ms: 100 });
    expect(printedLate(run, 4, 12)).toMatchObject({ after: { seq: 15 }, ms: 300 });
    expect(printedLate(run, 0, 9)).toBeUndefined();
  });
});

describe('smaller words', () => {
  it('tells missing, extra and repeated lines apart', () => {
    expect(lineDiff(['a', 'c', 'c'], ['a', 'b'])).toEqual({
      missing: ['b'],
      extra: ['c', 'c'],
      twice: 'c',
    });
    expect(lineDiff(['b', 'a'], ['a', 'b'])).toEqual({ missing: [], extra: [] });
  });

  it('says why a program stopped only when it failed and said why', () => {
    const crashed = fakeRun({
      program: {
        stdout: '',
        stderr: 'TypeError: x is not a function\n    at y',
        exit: { code: 1, signal: null },
      },
    });
    expect(stoppedWith(crashed)).toBe(
      ' Your program stopped with: "TypeError: x is not a function".',
    );
    expect(stoppedWith(fakeRun())).toBe('');
  });

  it('points an answer written as a tag at the frame it is given', () => {
    const failed = failAt(10)`After ${frameRef(9)}, your ${frameRef(10)}.`;
    expect(failed).toMatchObject({ ok: false, frame: 10 });
    expect(String(failed.message)).toBe('After frame 9, your frame 10.');
    expect(passAt(3)`${frameRef(1)} then ${frameRef(3)}`).toMatchObject({ ok: true, frame: 3 });
  });
});

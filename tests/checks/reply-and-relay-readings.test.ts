// The readers lifted out of tap, trust-but-verify and answer-the-server: a wrong-id answer
// found by where it stands, a relay's log read for presence, the frames of one side as wire
// lines, a driver's cases with their responses, and the words around a stderr and a reply.
import { describe, expect, it } from 'vitest';
import {
  answerAttempt,
  caseResponses,
  conversation,
  everyCaseAsked,
  frameRef,
  hung,
  listedTools,
  looseReply,
  namedFrames,
  recordedLines,
  replyGist,
  replyText,
  requestsOf,
  schemaProblem,
  stderrNote,
  unloggedFrame,
} from '../../sandbox/checks/index.ts';
import { fakeRun, jsonFrame } from './fake-run.ts';

const frame = jsonFrame;
const program = (stdout: string, stderr = '') => ({
  stdout,
  stderr,
  exit: { code: 0, signal: null },
});

describe('answerAttempt and looseReply', () => {
  const ask = (seq: number, id: number) => frame(seq, 's2c', { id, method: 'elicitation/create' });
  const answer = (seq: number, id: unknown) => frame(seq, 'c2s', { id, result: {} });

  it('finds the answer under a wrong id before the next question, and no further', () => {
    const run = fakeRun({ frames: [ask(0, 0), answer(1, 7), ask(2, 1), answer(3, 1)] });
    const [first, second] = requestsOf(run, 'elicitation/create', 's2c');
    expect(answerAttempt(run, first!)?.frame.seq).toBe(1);
    // The second question's answer pairs by id: it is no attempt, it is the answer.
    expect(answerAttempt(run, second!)).toBeUndefined();
    expect(conversation(run).responseTo(second!)?.frame.seq).toBe(3);
  });

  it('finds an id that matches only as text, and not a different id', () => {
    const run = fakeRun({ frames: [ask(0, 0), answer(1, '0')] });
    const [question] = requestsOf(run, 'elicitation/create', 's2c');
    expect(looseReply(run, question!)?.frame.seq).toBe(1);
    const other = fakeRun({ frames: [ask(0, 0), answer(1, '9')] });
    expect(looseReply(other, requestsOf(other, 'elicitation/create', 's2c')[0]!)).toBeUndefined();
  });
});

describe('namedFrames and unloggedFrame', () => {
  const frames = [
    frame(0, 'c2s', { id: 1, method: 'tools/list' }),
    frame(1, 's2c', { id: 1, result: { tools: [] } }),
    frame(2, 's2c', { method: 'notifications/message', params: {} }),
  ];
  const named = namedFrames(conversation(fakeRun({ frames })).reads);

  it('names a reply by its id and its request’s method, and wants a line each for the pair', () => {
    expect(named.map((f) => [f.seq, f.names, f.lines])).toEqual([
      [0, ['1', 'tools/list'], 2],
      [1, ['1', 'tools/list'], 2],
      [2, ['notifications/message'], 1],
    ]);
  });

  it('finds the first frame too few lines name with a direction', () => {
    const log = ['client → server tools/list 1', 'server → client 1', 'notifications/message'];
    expect(unloggedFrame(log, named)?.seq).toBe(2);
    expect(unloggedFrame([...log.slice(0, 2), 'in: notifications/message'], named)).toBeUndefined();
    expect(unloggedFrame(['client → server tools/list 1'], named)?.seq).toBe(0);
  });
});

describe('recordedLines', () => {
  it('gives each frame of one side as its wire line, newline kept unless it never came', () => {
    const frames = [
      frame(0, 'c2s', { id: 1, method: 'ping' }),
      frame(1, 's2c', { id: 1, result: {} }),
    ];
    const run = fakeRun({ frames, unterminated: new Set([1]) });
    expect(recordedLines(run, 'c2s')).toEqual([{ seq: 0, line: `${frames[0]!.text}\n` }]);
    expect(recordedLines(run, 's2c')).toEqual([{ seq: 1, line: frames[1]!.text }]);
  });
});

describe('caseResponses and everyCaseAsked', () => {
  const row = (value: object) => `@@case ${JSON.stringify(value)}\n`;
  const stdout =
    row({ case: 'live', id: 4 }) +
    row({ case: 'lost', id: 5 }) +
    row({ case: 'edge', edge: true, response: { jsonrpc: '2.0', id: 9, result: {} } });
  const frames = [
    frame(0, 'c2s', { id: 4, method: 'tools/call' }),
    frame(1, 's2c', { id: 4, result: {} }),
  ];
  const run = fakeRun({ frames, program: program(stdout) });

  it('pairs a live case with its recorded reply and drops one whose reply never came', () => {
    const cases = caseResponses<{ edge?: boolean; id?: number }>(run);
    expect(cases.map((c) => [c.row.case, c.frame])).toEqual([
      ['live', 1],
      ['edge', undefined],
    ]);
    expect(cases[1]!.response).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
  });

  it('passes only when every case was asked, and says how far the driver got', () => {
    expect(everyCaseAsked(run, 'verify()', 3)).toEqual({
      ok: true,
      message: 'verify() answered all 3 cases.',
    });
    const short = everyCaseAsked(run, 'verify()', 4);
    expect(short.ok).toBe(false);
    expect(String(short.message)).toBe(
      'verify() was asked about 3 of 4 cases before the driver stopped.',
    );
  });
});

describe('words', () => {
  it('stderrNote shows the telling line, and nothing for a silent stderr', () => {
    const stderr = 'at x\nTypeError: boom\n    at y';
    expect(stderrNote(stderr, 'Its stderr says:')).toBe(' Its stderr says: "TypeError: boom"');
    expect(stderrNote('', 'Its stderr says:')).toBe('');
  });

  it('stderrNote shows a line holding quotes as written, not as \\" escapes', () => {
    const stderr = 'Error: HTTP 400: {"jsonrpc":"2.0","error":{"code":-32000}}\n    at main';
    expect(stderrNote(stderr, 'Its stderr says:')).toBe(
      ' Its stderr says: “Error: HTTP 400: {"jsonrpc":"2.0","error":{"code":-32000}}”',
    );
  });

  it('replyGist tells an error, a tool error and a result in a few words', () => {
    expect(replyGist({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'x' } })).toBe(
      'error -32602',
    );
    const result = {
      isError: true,
      content: [{ type: 'text', text: 'no' }],
      structuredContent: { a: 1 },
    };
    expect(replyGist({ jsonrpc: '2.0', id: 1, result })).toBe(
      'isError: true; content: text; structuredContent: {"a":1}',
    );
    expect(replyGist({ jsonrpc: '2.0', id: 1, result: {} })).toBe(
      'content: none; no structuredContent',
    );
  });

  it('replyText is the first text item, undefined for an error', () => {
    const frames = [
      frame(0, 'c2s', { id: 1, method: 'tools/call' }),
      frame(1, 's2c', {
        id: 1,
        result: { content: [{ type: 'image' }, { type: 'text', text: 'hi' }] },
      }),
      frame(2, 's2c', { id: 2, error: { code: 1, message: 'x' } }),
    ];
    const reads = conversation(fakeRun({ frames })).reads;
    expect(replyText(reads[1])).toBe('hi');
    expect(replyText(reads[2])).toBeUndefined();
  });
});

describe('listedTools and schemaProblem', () => {
  it('reads the first tools/list answer', () => {
    const tools = [{ name: 'order_status', inputSchema: { type: 'object' } }];
    const frames = [
      frame(0, 'c2s', { id: 1, method: 'tools/list' }),
      frame(1, 's2c', { id: 1, result: { tools } }),
    ];
    expect(listedTools(fakeRun({ frames }))).toEqual(tools);
    expect(listedTools(fakeRun())).toEqual([]);
  });

  it('judges a value with the SDK’s validator', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    expect(schemaProblem(schema, { n: 1 })).toBeUndefined();
    expect(schemaProblem(schema, { n: 'one' })).toMatch(/number/);
  });
});

describe('hung', () => {
  it('is stalled about the first frame its message mentions', () => {
    const out = hung(fakeRun())`Your client never answered ${frameRef(2)}.`;
    expect(out).toMatchObject({ ok: false, frame: 2 });
    expect(String(out.message)).toBe('Your client never answered frame 2.');
  });
});

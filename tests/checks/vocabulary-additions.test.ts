// The vocabulary's smaller readers: runs a driver marked on its stdout, a reported text's
// lines, a notReached written as a tag, a form's fit, requests of one method, a call's
// arguments.
import { describe, expect, it } from 'vitest';
import {
  argumentsOf,
  conversation,
  formMisfit,
  frameRef,
  kindOf,
  markedRuns,
  requestsOf,
  textLines,
  unjudged,
} from '../../sandbox/checks/index.ts';
import { fakeRun, jsonFrame } from './fake-run.ts';

const frame = jsonFrame;

const run = fakeRun;

describe('markedRuns', () => {
  it("gives each marked run the frames from its marker up to the next run's", () => {
    const start = (name: string) => `@@start ${JSON.stringify({ name })}\n`;
    const stdout = start('A') + 'noise\n' + start('B');
    const frames = [0, 1, 2, 3, 4].map((seq) => frame(seq, 'c2s', { method: 'ping', id: seq }));
    const marked = markedRuns(
      run({
        frames,
        program: { stdout, stderr: '', exit: { code: 0, signal: null } },
        printed: [
          { offset: 0, frames: 0 },
          { offset: stdout.indexOf('@@start {"name":"B"'), frames: 3 },
        ],
      }),
      'start',
    );
    expect(marked.map((m) => m.name)).toEqual(['A', 'B']);
    expect(marked.map((m) => m.conv.reads.map((r) => r.frame.seq))).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });
});

describe('small readers', () => {
  it('textLines keeps the lines with something on them, without a trailing \\r', () => {
    expect(textLines('a\r\n\n  \nb\n')).toEqual(['a', 'b']);
  });

  it('unjudged is a notReached about the first frame it mentions, or about none', () => {
    expect(unjudged`Your ${frameRef(5)} got no answer.`).toMatchObject({
      ok: false,
      reached: false,
      frame: 5,
    });
    expect('frame' in unjudged`Nothing was sent.`).toBe(false);
  });

  it('formMisfit names the first way content does not fit a flat form', () => {
    const schema = {
      type: 'object',
      properties: { confirm: { type: 'boolean' }, note: { type: 'string' } },
      required: ['confirm'],
    };
    expect(formMisfit(schema, { confirm: true })).toBeUndefined();
    expect(formMisfit(schema, {})).toBe('the required field "confirm" is missing');
    expect(formMisfit(schema, { confirm: 'yes' })).toBe(
      '"confirm" must be a boolean, and "yes" is a string',
    );
    expect(formMisfit(schema, { confirm: true, extra: 1 })).toBe(
      '"extra" is not a field of the form',
    );
    expect(formMisfit(schema, undefined)).toBe('content must be an object of fields, not nothing');
    expect([kindOf(null), kindOf([]), kindOf(1)]).toEqual(['null', 'array', 'number']);
  });

  it('requestsOf and argumentsOf read one method in one direction, and a call as sent', () => {
    const r = run({
      frames: [
        frame(0, 'c2s', { id: 1, method: 'tools/call', params: { arguments: { order_id: 'X' } } }),
        frame(1, 's2c', { id: 0, method: 'elicitation/create', params: {} }),
        frame(2, 'c2s', { id: 2, method: 'tools/call', params: { arguments: 'no' } }),
      ],
    });
    const calls = requestsOf(r, 'tools/call');
    expect(calls.map((c) => c.frame.seq)).toEqual([0, 2]);
    expect(requestsOf(r, 'elicitation/create', 's2c').map((c) => c.frame.seq)).toEqual([1]);
    expect(requestsOf(r, 'elicitation/create')).toEqual([]);
    expect(calls.map(argumentsOf)).toEqual([{ order_id: 'X' }, {}]);
    expect(conversation(r).reads).toHaveLength(3);
  });
});

// The check vocabulary's builders and readers: an answer carries the frame it is about and
// nothing else, rules answer in order, a driver's case table keeps only whole rows, and the
// front of a run is judged as if it were the whole run.
import { describe, expect, it } from 'vitest';
import {
  caseRows,
  caseTable,
  every,
  fail,
  firstFailing,
  firstFailure,
  frameRef,
  framesBefore,
  frontOfRun,
  pass,
  perRun,
  say,
} from '../../sandbox/checks/index.ts';
import { fakeRun } from './fake-run.ts';

const run = fakeRun;

describe('pass and fail', () => {
  it('as a tag, are about the first frame the message mentions', () => {
    const out = fail`Your ${frameRef(4)} came before ${frameRef(2)}.`;
    expect(out).toEqual({ ok: false, frame: 4, message: expect.anything() });
    expect(String(out.message)).toBe('Your frame 4 came before frame 2.');
    expect(pass`All fine.`).toEqual({ ok: true, message: expect.anything() });
    expect('frame' in pass`All fine.`).toBe(false);
  });

  it('as a call, take the frame and a hint of their own, and leave out what is not given', () => {
    expect(fail(say`After ${frameRef(1)}, ${frameRef(3)}.`, 3, 'Try again.')).toEqual({
      ok: false,
      frame: 3,
      message: expect.anything(),
      hint: 'Try again.',
    });
    expect(fail('No frame.')).toEqual({ ok: false, message: 'No frame.' });
    expect(pass('Fine.', 0)).toEqual({ ok: true, frame: 0, message: 'Fine.' });
  });
});

describe('rules', () => {
  it('answer with the first rule that fails, and run no rule after it', () => {
    const ran: number[] = [];
    const out = firstFailure(
      [
        () => (ran.push(1), false),
        () => (ran.push(2), fail('second')),
        () => (ran.push(3), fail('third')),
      ],
      pass('all'),
    );
    expect(out.message).toBe('second');
    expect(ran).toEqual([1, 2]);
    expect(firstFailure([() => undefined], () => pass('all')).message).toBe('all');
  });

  it('find the first item a rule fails on', () => {
    expect(firstFailing([1, 2, 3, 4], (n) => n % 2 === 0 && fail(`even ${n}`))?.message).toBe(
      'even 2',
    );
    expect(firstFailing([1, 3], (n) => n % 2 === 0 && fail('even'))).toBeUndefined();
  });
});

describe('readers', () => {
  it('keep only case rows with their name and the string fields asked for', () => {
    const stdout = [
      '@@case {"case":"a","id":"1","status":401}',
      '@@case {"id":"2"}',
      '@@case {"case":"b"}',
      '@@case {"case":"c","id":"3"',
      'noise',
      '@@case {"case":"a","id":"4"}',
    ].join('\n');
    const r = run({ program: { stdout, stderr: '', exit: null } });
    expect(caseRows(r).map((row) => row.case)).toEqual(['a', 'b', 'a']);
    expect(caseRows(r, { strings: ['id'] }).map((row) => row.id)).toEqual(['1', '4']);
    expect(caseTable(r, { strings: ['id'] }).get('a')?.id).toBe('4');
  });

  it('cut the front of a run at a driver marker, with the driver-reported exit', () => {
    const stdout = 'port line\n@@mark {}\nlater\n';
    const r = run({
      program: { stdout, stderr: '', exit: null },
      printed: [
        { offset: 0, frames: 0 },
        { offset: 10, frames: 2 },
      ],
    });
    expect(framesBefore(r, 10)).toBe(2);
    expect(framesBefore(r, 0)).toBe(0);
    const front = frontOfRun(r, { frames: 2, stdoutEnd: 10, exit: { code: 1, signal: null } });
    expect(front.frames.map((f) => f.seq)).toEqual([0, 1]);
    expect(front.program.stdout).toBe('port line\n');
    expect(front.program.exit).toEqual({ code: 1, signal: null });
    expect(frontOfRun(r, { frames: 0, stdoutEnd: 0 }).peerStarted).toBe(false);
  });

  it('compute a view once per run', () => {
    let calls = 0;
    const view = perRun(() => ++calls);
    const r = run();
    expect([view(r), view(r), view(run())]).toEqual([1, 1, 2]);
  });

  it('never say "all 1"', () => {
    expect(every(1, 'request')).toBe('the one request');
    expect(every(3, 'request')).toBe('all 3 requests');
  });
});

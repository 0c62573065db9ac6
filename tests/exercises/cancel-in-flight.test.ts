// cancel-in-flight: the starter fails, the solution and differently written correct clients
// pass, and each mistaken client fails with the check meant for its mistake. A check run's
// seed plans the tracking (tools/track-shipment.ts). Seed 10 paces it: five scans about 300 ms
// apart, so a prompt cancel lands before the third (frames 4 and 5 the first two steps, 6 the
// cancel). Seed 3 rushes it: after the second step the other two and the result come at
// once (frames 4-7 the steps, 8 the result, 9 the cancel that crosses them).
import { describe, expect, it } from 'vitest';
import { exerciseSuite, type Mistake } from './suite.ts';
import { check, failures, fixtureDir } from './helpers.ts';

const EX = 'cancel-in-flight';
const PACED = 10;
const RUSHED = 3;

const mistakes: Mistake[] = [
  {
    name: 'cancels-initialize',
    frame: 6,
    check: 'cancels-the-call',
    says: 'names requestId 1: that is your initialize (frame 0), which a client must never cancel',
    seed: PACED,
  },
  {
    name: 'string-request-id',
    frame: 6,
    check: 'cancels-the-call',
    says: 'names requestId "2", but your tools/call (frame 3) has id 2: a string is not a number',
    seed: PACED,
  },
  {
    name: 'no-progress-token',
    frame: 3,
    check: 'calls-with-token',
    says: 'has no params._meta.progressToken',
    hangs: true,
  },
  {
    name: 'token-in-arguments',
    frame: 3,
    check: 'calls-with-token',
    says: 'has its token at params.arguments.progressToken, where no server looks',
    hangs: true,
  },
  {
    name: 'cancels-before-progress',
    frame: 4,
    check: 'cancels-after-step-2',
    says: 'You cancelled in frame 4 before any progress step arrived',
    seed: PACED,
  },
  {
    name: 'cancels-after-first-step',
    frame: 5,
    check: 'cancels-after-step-2',
    says: 'You cancelled in frame 5 after only 1 progress step (frame 4)',
    seed: PACED,
  },
  {
    name: 'compares-progress-value',
    frame: 5,
    check: 'cancels-the-call',
    says: 'never sent notifications/cancelled for its tools/call (frame 3), not even after the second progress step (frame 5, progress 26)',
    seed: PACED,
  },
  {
    name: 'waits-for-result',
    frame: 6,
    check: 'stops-after-cancel',
    says: 'After your cancel (frame 6) your client kept the server open and waited until the harness stopped it: no reply came, and none should',
    hangs: true,
    seed: PACED,
  },
  {
    name: 'prints-late-result',
    frame: 8,
    check: 'ignores-late-reply',
    says: 'You printed the result of the call you had cancelled (frame 8',
    seed: RUSHED,
  },
  {
    name: 'prints-late-progress',
    frame: 6,
    check: 'prints-steps',
    says: 'from frame 6, a step after the second',
    seed: RUSHED,
  },
  {
    name: 'hard-coded-steps',
    frame: 4,
    check: 'prints-steps',
    says: 'saw "Label created: PT-1041 handed to Delhivery',
    seed: PACED,
  },
  {
    name: 'chunk-is-message',
    frame: 1,
    check: 'reads-whole-lines',
    says: 'Your client parsed a chunk that was not a whole line: JSON.parse failed on part of frame 1',
  },
];

const correct = [
  'ok-manual-buffer',
  'ok-string-ids',
  'ok-zero-id',
  'ok-pending-map',
  'ok-for-await',
];

const hints: Record<string, string> = {
  'calls-with-token': '"_meta": {"progressToken"',
  'cancels-the-call': 'its params.requestId is the id you gave the tools/call',
  'cancels-after-step-2': 'Count the messages, not the progress value',
  'stops-after-cancel': "Close the server's stdin",
  'ignores-late-reply': 'drop it without printing',
  'prints-steps': 'after you cancel, print nothing more about that call',
  'reads-whole-lines': 'A read from a pipe ends anywhere',
};

exerciseSuite({
  exercise: EX,
  writes: 'client',
  starter: { check: 'calls-with-token' },
  hints,
  mistakes,
  correct,
  // Room for Paper Trail to start and send two paced steps on a loaded machine, no more.
  hangMs: 8_000,
});

// The random seed of a plain run may pace or rush; both kinds are pinned here.
describe(`${EX}: both kinds of run`, () => {
  for (const [kind, seed] of [
    ['paced', PACED],
    ['rushed', RUSHED],
  ] as const) {
    it(`passes the solution in a ${kind} run`, async () => {
      const s = await check(EX, { solution: true, seed });
      expect(failures(s)).toBe('');
    });
  }
  it('passes a client whose call has id 0 in a paced run (SDK 1.32.2 ignores that cancel)', async () => {
    const s = await check(EX, { dir: fixtureDir(EX, 'ok-zero-id'), seed: PACED });
    expect(failures(s)).toBe('');
    const late = s.checks.find((c) => c.id === 'ignores-late-reply');
    expect(late?.message).toContain('A reply still came');
  });
});

// cancel-in-flight: the starter fails, the solution and differently written correct clients
// pass, and each mistaken client fails with the check meant for its mistake. A check runs two
// sessions (exercise.json scenarios): "paced", shown first, and "rushed"; the seed plans the
// scans inside each (tools/track-shipment.ts). With seed 10 the paced session has five scans
// about 300 ms apart, so a prompt cancel lands before the third (frames 4 and 5 the first two
// steps, 6 the cancel). With seed 3 the rushed session sends the other two steps and the
// result at once after the second (frames 4-7 the steps, 8 the result, 9 the cancel that
// crosses them); a mistake that shows only there is told from that session.
import { describe, expect, it } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';
import { check, failures, fixtureDir } from '../../../../tests/exercises/helpers.ts';

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
    // It cancels on the second progress; on a loaded machine the paced server's next one can
    // come in before the cancel is recorded, so the cancel is frame 6 or 7 (seen in CI).
    frame: [6, 7],
    check: 'stops-after-cancel',
    says: [
      'After your cancel (frame ',
      'your client kept the server open and waited until the harness stopped it: no reply came, and none should',
    ],
    hangs: true,
    seed: PACED,
  },
  {
    name: 'prints-late-result',
    // The rushed server's result and the client's cancel cross: either is recorded first.
    frame: [8, 9],
    check: 'ignores-late-reply',
    says: 'You printed the result of the call you had cancelled (frame',
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
    name: 'tracks-another-order',
    frame: 3,
    check: 'calls-with-token',
    says: 'Your tools/call (frame 3) tracks order_id "PT-1017"; the task asks for "PT-1041".',
  },
  {
    name: 'prints-extra-line',
    frame: 4,
    check: 'prints-steps',
    says: 'one per line and nothing else on stdout; saw',
    seed: PACED,
  },
  {
    name: 'cancel-with-id',
    frame: 6,
    check: 'notifications-no-id',
    says: 'Your frame 6 sends notifications/cancelled with "id": 3. A notification has no id',
    seed: PACED,
  },
  {
    name: 'no-jsonrpc-field',
    frame: 3,
    check: 'jsonrpc-frames',
    says: 'Your frame 3 has no "jsonrpc" member',
    hangs: true,
  },
  {
    name: 'pretty-printed-json',
    frame: 0,
    check: 'one-message-per-line',
    says: 'one JSON message split over',
    hangs: true,
  },
  {
    name: 'reuses-id',
    frame: 3,
    check: 'request-ids',
    says: 'Your frame 3 (tools/call) reuses id 1 from frame 0 (initialize)',
  },
  {
    name: 'skips-initialized',
    frame: 1,
    check: 'handshake',
    says: 'never sent notifications/initialized after the initialize result (frame 1)',
  },
  {
    name: 'misspelt-cancel',
    frame: 6,
    check: 'known-methods',
    says: 'Your frame 6 calls "notifications/cancel", which is not an MCP method',
    seed: PACED,
  },
  {
    name: 'exits-with-code-1',
    check: 'clean-exit',
    says: 'Your program exited with code 1.',
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
  'jsonrpc-frames': 'Build each frame as {"jsonrpc":"2.0", ...}',
  'one-message-per-line': 'with no indent argument, and append "\\n" to every frame',
  'request-ids': 'give every request a new id',
  handshake: 'notifications/initialized',
  'notifications-no-id': 'with no "id" member',
  'known-methods': 'Method names are exact and case-sensitive: ',
  'clean-exit': 'call child.stdin.end()',
};

exerciseSuite({
  exercise: EX,
  writes: 'client',
  starter: { check: 'calls-with-token' },
  hints,
  mistakes,
  correct,
  // Room for Paper Trail to start and send two paced steps on a loaded machine, no more.
  hangMs: 15_000,
});

// Every check runs a paced and a rushed session; these seeds are the ones the table uses.
describe(`${EX}: the seeds the table pins`, () => {
  for (const [kind, seed] of [
    ['paced', PACED],
    ['rushed', RUSHED],
  ] as const) {
    it(`passes the solution with the seed of the ${kind} examples`, async () => {
      const s = await check(EX, { solution: true, seed });
      expect(failures(s)).toBe('');
    });
  }
  it('passes a client whose call has id 0 (SDK 1.32.2 ignores that cancel: the reply comes)', async () => {
    const s = await check(EX, { dir: fixtureDir(EX, 'ok-zero-id'), seed: PACED });
    expect(failures(s)).toBe('');
    const late = s.checks.find((c) => c.id === 'ignores-late-reply');
    expect(late?.message).toContain('A reply still came');
  });
});

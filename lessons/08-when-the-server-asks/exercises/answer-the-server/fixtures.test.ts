// answer-the-server: the starter fails, the solution and differently written correct clients
// pass, and each mistaken client fails with the check meant for its mistake. A check run's
// seed decides each order's status and carrier (orders.ts), and --undelivered keeps every
// order cancellable. Seed 9: frames 3 the PT-1041 call, 4 the question id 0, 5 the answer,
// 6 the result; 7-10 the same for PT-1017 with question id 1. Seeds 7 and 21 deliver PT-1041
// (and 21 PT-1017 too) in a plain --seed run: with --undelivered they still ask twice.
import { describe, expect, it } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';
import { check, failures } from '../../../../tests/exercises/helpers.ts';

const EX = 'answer-the-server';
const BOTH = 9;
const ONLY_PT_1017 = 7;
const NONE = 21;

const mistakes: Mistake[] = [
  {
    name: 'no-capability',
    frame: 0,
    check: 'declares-elicitation',
    says: ['without elicitation', 'Client does not support form elicitation'],
    seed: BOTH,
  },
  {
    name: 'own-id-counter',
    frame: 5,
    check: 'answers-with-its-id',
    says: "has id 3, but the server's elicitation/create (frame 4) has id 0: the server numbers its requests itself",
    hangs: true,
    seed: BOTH,
  },
  {
    name: 'string-id',
    frame: 5,
    check: 'answers-with-its-id',
    says: 'has id "0", a string; the server\'s elicitation/create (frame 4) has id 0, a number',
    seed: BOTH,
  },
  {
    name: 'content-on-decline',
    frame: 9,
    check: 'answer-shape',
    says: 'says "decline" and still carries content',
    seed: BOTH,
  },
  {
    name: 'confirm-as-text',
    frame: 5,
    check: 'answer-shape',
    says: ['"confirm" must be a boolean, and "yes" is a string', 'The server refused it: frame 6'],
    seed: BOTH,
  },
  {
    name: 'missing-required',
    frame: 5,
    check: 'answer-shape',
    says: 'the required field "confirm" is missing',
    seed: BOTH,
  },
  {
    name: 'hard-coded-outcomes',
    frame: 6,
    check: 'prints-outcomes',
    says: 'which no result of this run says',
    seed: BOTH,
  },
  {
    name: 'chunk-is-message',
    frame: 1,
    check: 'reads-whole-lines',
    says: 'JSON.parse failed on part of frame 1',
  },
  {
    name: 'waits-for-result',
    frame: 4,
    check: 'answers-with-its-id',
    says: "never answered the server's elicitation/create (frame 4, id 0)",
    hangs: true,
    seed: BOTH,
  },
  {
    name: 'elicitation-as-result',
    frame: 4,
    check: 'prints-outcomes',
    says: "that is the question of the server's elicitation/create (frame 4)",
    hangs: true,
    seed: BOTH,
  },
  {
    // Right while both orders can be cancelled; in the session where PT-1041 is delivered
    // the only question is PT-1017's, and a counter answers it with the first answer.
    name: 'counts-questions',
    frame: 7,
    check: 'right-choice',
    says: [
      'In the "first-refused" session',
      'is about PT-1017, and your answer (frame 7) says "accept"',
      'It was the only question this run',
    ],
  },
  {
    name: 'always-accepts',
    frame: 9,
    check: 'right-choice',
    says: 'is about PT-1017, and your answer (frame 9) says "accept"; for PT-1017 the task wants "decline"',
  },
  // The second call only once the first has its result.
  {
    name: 'both-calls-at-once',
    frame: 4,
    check: 'calls-cancel-order',
    says: 'Your client asked to cancel PT-1017 (frame 4) while its PT-1041 call (frame 3) was still open',
  },
  // Lines for a human on stdout are named as extra lines.
  {
    name: 'progress-on-stdout',
    frame: 6,
    check: 'prints-outcomes',
    says: [
      'but stdout also holds 2 extra lines, "cancelling PT-1041…"',
      'send anything for a human to stderr',
    ],
  },
  // The basics every raw client is held to.
  {
    name: 'answer-without-jsonrpc',
    frame: 5,
    check: 'jsonrpc-frames',
    says: 'Your frame 5 has no "jsonrpc" member',
    hangs: true,
  },
  {
    name: 'pretty-printed-answer',
    frame: 5,
    check: 'one-message-per-line',
    says: 'one JSON message split over',
    hangs: true,
  },
  {
    name: 'reuses-call-id',
    frame: 7,
    check: 'request-ids',
    says: 'Your frame 7 (tools/call) reuses id 2 from frame 3 (tools/call)',
  },
  {
    name: 'initialized-with-id',
    frame: 2,
    check: 'notifications-no-id',
    says: 'sends notifications/initialized with "id": 2',
  },
  {
    name: 'skips-initialized',
    frame: 1,
    check: 'handshake',
    says: 'never sent notifications/initialized after the initialize result (frame 1)',
  },
  {
    name: 'misspelt-method',
    frame: 3,
    check: 'known-methods',
    says: 'calls "tools/invoke"',
  },
  {
    name: 'never-closes-stdin',
    frame: 10,
    check: 'clean-exit',
    says: "did not close the server's stdin",
    hangs: true,
  },
];

const correct = ['ok-pending-map', 'ok-manual-buffer', 'ok-string-ids', 'ok-for-await'];

const hints: Record<string, string> = {
  'declares-elicitation': '"elicitation": {}',
  'answers-with-its-id': 'copied as is',
  'answer-shape': 'A decline has no content at all',
  'right-choice': 'Decide by the call the question arrives in',
  'prints-outcomes': 'also when the result is an error',
  'reads-whole-lines': 'A read from a pipe ends anywhere',
  'calls-cancel-order': 'PT-1017 once the first has its result',
  'jsonrpc-frames': 'Build each frame as {"jsonrpc":"2.0", ...}',
  'one-message-per-line': 'with no indent argument',
  'request-ids': 'give every request a new id',
  'notifications-no-id': 'with no "id" member',
  handshake: 'wait for the result, then send notifications/initialized',
  'known-methods': 'Method names are exact and case-sensitive: ',
  'clean-exit': 'call child.stdin.end()',
};

exerciseSuite({
  exercise: EX,
  writes: 'client',
  starter: { check: 'declares-elicitation' },
  hints,
  mistakes,
  correct,
  // Room for Paper Trail to start and ask, no more.
  hangMs: 9_000,
});

describe(`${EX}: every check run asks both questions`, () => {
  for (const seed of [ONLY_PT_1017, NONE]) {
    it(`asks about PT-1041 and PT-1017 with seed ${seed}, and passes the solution`, async () => {
      const s = await check(EX, { solution: true, seed });
      expect(failures(s)).toBe('');
      expect(s.checks.find((c) => c.id === 'right-choice')?.message).toBe(
        'You answered each question as the user chose: PT-1041 accept, PT-1017 decline.',
      );
    });
  }
});

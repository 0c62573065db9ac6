// negotiate: the learner's client runs against Paper Trail accepting its offer (A), answering
// 2025-06-18 (B) and answering a version it does not speak (C). Frames are numbered across the
// three runs: A 0–4, B 5–9, C from 10 for a client that does the right thing.
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const EX = 'negotiate';

const mistakes: Mistake[] = [
  {
    name: 'always-continues',
    check: 'hangs-up',
    frame: 12,
    says: [
      'a version your client does not speak',
      'yet your client then sent notifications/initialized (frame 12)',
    ],
  },
  {
    name: 'older-is-fine',
    check: 'hangs-up',
    frame: 12,
    says: ['In run C the server answered', 'yet your client then sent notifications/initialized'],
  },
  {
    name: 'initialized-then-hangs-up',
    check: 'hangs-up',
    frame: 12,
    says: 'not even notifications/initialized',
  },
  {
    name: 'compares-to-offer',
    check: 'continues-on-older',
    frame: 6,
    says: [
      'the server answered "2025-06-18" (frame 6), a version your client speaks',
      'but your client sent nothing more and exited with code 1',
    ],
  },
  {
    name: 'exits-zero',
    check: 'says-why',
    frame: 11,
    says: 'but exited with code 0; a client that could not set up its session has failed',
  },
  {
    name: 'error-on-stdout',
    check: 'says-why',
    frame: 11,
    says: ['your client wrote "negotiate: offered protocol version 2025-11-25', 'on stdout'],
  },
  {
    name: 'never-closes-stdin',
    check: 'hangs-up',
    frame: 11,
    says: ['your client sent nothing more, but it was still running', 'when the driver stopped it'],
  },
  {
    name: 'offers-old-version',
    check: 'offers-latest',
    frame: 0,
    says: 'your initialize (frame 0) offers protocolVersion "2025-06-18"; expected "2025-11-25"',
  },
  {
    name: 'no-wait',
    check: 'initialized-after-result',
    frame: 1,
    says: 'your client sent notifications/initialized (frame 1) before the initialize result arrived (frame 3)',
  },
  {
    name: 'parses-chunks',
    check: 'reads-whole-lines',
    frame: 1,
    says: [
      'In run A (the server accepts your offer) your client parsed a piece of frame 1',
      'SyntaxError',
    ],
  },
  // Per-run data that every check run holds: run A asks for PT-1017, not the lesson's
  // PT-1041, and run C never answers the lesson's 2024-11-05.
  {
    name: 'hard-coded-order',
    check: 'continues-when-accepted',
    frame: 3,
    says: 'expected the tool "order_status" with order_id "PT-1017"',
  },
  {
    name: 'blocks-one-version',
    check: 'hangs-up',
    frame: 12,
    says: [
      'a version your client does not speak',
      'yet your client then sent notifications/initialized (frame 12)',
    ],
  },
  {
    name: 'client-info-without-version',
    check: 'offers-latest',
    frame: 0,
    says: 'has clientInfo {"name":"negotiate"}; it needs a string name and a string version',
  },
  // Stray lines on stdout are named as such.
  {
    name: 'progress-on-stdout',
    check: 'continues-when-accepted',
    frame: 4,
    says: 'but its stdout also holds an extra line, "session runs in 2025-11-25"',
  },
  {
    name: 'hangup-note-on-stdout',
    check: 'says-why',
    frame: 11,
    says: 'your client printed "hung up: no common protocol version" on stdout',
  },
  {
    name: 'exit-code-from-is-error',
    check: 'continues-when-accepted',
    frame: 4,
    says: 'printed the order from frame 4 but then exited with code 1',
  },
];

const correct = ['ok-buffer-and-set', 'ok-state-machine', 'ok-bytes-buffer', 'ok-kill-after-end'];

const hints: Record<string, string> = {
  'hangs-up': 'send nothing more (no notifications/initialized, no request), close the server',
  'continues-on-older': 'not by comparing with the one you offered',
  'says-why': 'naming the version you offered and the one the server answered',
  'offers-latest': 'a client offers the newest version it speaks',
  'initialized-after-result': 'Send nothing but ping until the initialize result has arrived',
  'reads-whole-lines': 'parse only complete lines',
  'continues-when-accepted': 'the order id your client was given (its first argument)',
};

exerciseSuite({
  exercise: EX,
  writes: 'client',
  starter: { check: 'offers-latest', says: 'your client sent nothing at all' },
  hints,
  mistakes,
  correct,
});

// negotiate: the learner's client runs against Paper Trail accepting its offer (A), answering
// 2025-06-18 (B) and answering a version it does not speak (C). Frames are numbered across the
// three runs: A 0–4, B 5–9, C from 10 for a client that does the right thing.
import { expect, it } from 'vitest';
import { checks } from '../../exercises/registry.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { fixtureDir } from './helpers.ts';
import { exerciseSuite, type Mistake } from './suite.ts';

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
];

const correct = ['buffer-and-set', 'state-machine', 'bytes-buffer', 'kill-after-end'];

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

// Per-run data: the order id comes from the seed, so a client that always asks for the
// lesson's PT-1041 fails a run that asks for PT-1017 (seed 3 does).
it('fails a client that always asks for PT-1041 when the run asks for PT-1017', async () => {
  const s = await runExercise(
    {
      exercise: EX,
      mode: 'check',
      workspace: fixtureDir(EX, 'hard-coded-order'),
      seed: 3,
      timeoutMs: 30_000,
      checks,
    },
    () => {},
  );
  const hit = s.checks.find((c) => c.id === 'continues-when-accepted');
  expect(hit?.ok).toBe(false);
  expect(hit?.frame).toBe(3);
  expect(hit?.message).toContain('expected the tool "order_status" with order_id "PT-1017"');
  expect(hit?.hint).toContain(hints['continues-when-accepted']);
});

// And which old version run C answers: a client that refuses only the one it saw in the lesson
// (2024-11-05) carries on when run C answers 2025-03-26 (seed 0 does).
it('fails a client that refuses only 2024-11-05 when run C answers 2025-03-26', async () => {
  const s = await runExercise(
    {
      exercise: EX,
      mode: 'check',
      workspace: fixtureDir(EX, 'blocks-one-version'),
      seed: 0,
      timeoutMs: 30_000,
      checks,
    },
    () => {},
  );
  const hit = s.checks.find((c) => c.id === 'hangs-up');
  expect(hit?.ok).toBe(false);
  expect(hit?.frame).toBe(12);
  expect(hit?.message).toContain('In run C the server answered "2025-03-26" (frame 11)');
  expect(hit?.hint).toContain(hints['hangs-up']);
});

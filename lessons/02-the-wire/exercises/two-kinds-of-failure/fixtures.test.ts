// two-kinds-of-failure: classify() is judged against live Paper Trail responses and edge cases.
import { expect } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

// `frame`: the frame the failing check must link (CheckResult.frame); edge cases have none.
const mistakes: Mistake[] = [
  { name: 'always-ok', frame: 6, check: 'tool-errors', says: '"missing order" (frame' },
  {
    name: 'text-mentions-error',
    check: 'successes',
    says: 'edge case "result text that mentions an error"',
  },
  { name: 'isError-present', check: 'successes', says: 'edge case "explicit isError: false"' },
  {
    name: 'ignores-isError',
    frame: 6,
    check: 'tool-errors',
    says: 'expected "tool-error", classify() returned "ok"',
  },
  {
    name: 'mcp-error-text-is-protocol',
    frame: 8,
    check: 'tool-errors',
    says: '"unknown tool" (frame',
  },
  { name: 'wrong-label', frame: 12, check: 'labels', says: 'classify() returned "error"' },
  { name: 'throws-on-error-response', frame: 12, check: 'labels', says: 'classify() threw' },
  {
    name: 'only-method-not-found',
    frame: 12,
    check: 'protocol-errors',
    says: '"tools/call without a name" (frame',
  },
  {
    name: 'data-means-tool-error',
    check: 'protocol-errors',
    says: 'edge case "error object with data"',
  },
  {
    name: 'swapped',
    frame: 12,
    check: 'protocol-errors',
    says: 'classify() returned "tool-error"',
  },
  { name: 'async-classify', frame: 4, check: 'labels', says: 'Promise' },
  {
    name: 'throws-always',
    frame: 4,
    check: 'successes',
    says: '7 of 7 "ok" cases got no label from classify(), e.g. "found order" (frame 4',
  },
  { name: 'misnamed-export', check: 'runs-every-case', says: 'classify() was asked about 0 of' },
  {
    name: 'huge-answer',
    check: 'runs-every-case',
    says: 'stopped for writing too much output: does classify() return something huge',
  },
  // What the model is handed: a tool error's text, all of it, never a protocol error.
  {
    name: 'error-message-for-model',
    frame: 12,
    check: 'nothing-for-model',
    says: [
      'For "tools/call without a name" (frame 12',
      "a protocol error is the client's to handle",
    ],
  },
  {
    name: 'json-for-model',
    frame: 4,
    check: 'text-for-model',
    says: ['For "found order" (frame 4', 'that is the result as JSON, not its text'],
  },
  {
    name: 'drops-tool-error-text',
    frame: 6,
    check: 'text-for-model',
    says: [
      'For "missing order" (frame 6',
      "handed the model nothing (null); a tool error's text is what the model needs to recover",
      'the model should read "no such order: PT-9999"',
    ],
  },
  {
    name: 'first-text-only',
    check: 'text-for-model',
    says: [
      'For edge case "two text items"',
      "that is only the first of the reply's 2 text items",
      String.raw`should read "PT-1041 shipped on 2026-03-02\nTracking: 1Z999AA10123456784"`,
    ],
  },
  // Every run holds a reply with two text items and one with an image beside its text.
  {
    name: 'joined-with-space',
    check: 'text-for-model',
    says: [
      'For edge case "two text items"',
      'the text items are joined with " "; join them with "\\n"',
    ],
  },
  {
    name: 'maps-every-item',
    check: 'text-for-model',
    says: [
      'For edge case "image beside the text"',
      'an item that is not text (an image) added an empty line',
    ],
  },
];

const correct = ['ok-in-operator', 'ok-switch', 'ok-has-own', 'ok-sdk-schema'];

// Text each failing check's hint must contain: what to do, in the check's own words.
const hints: Record<string, string> = {
  'runs-every-case': 'Export a function named classify from outcome.ts',
  labels: 'Return { kind, forModel } with kind exactly "ok", "tool-error" or "protocol-error"',
  successes: 'A result is ok unless isError is exactly true',
  'tool-errors': 'Look at result.isError.',
  'protocol-errors': 'Any response with an "error" member is a protocol error',
  'text-for-model': 'Hand the model the text of each "text" item in result.content',
  'nothing-for-model': 'Return forModel: null for a response with an "error" member',
};

exerciseSuite({
  exercise: 'two-kinds-of-failure',
  writes: 'classify',
  starter: { check: 'tool-errors' },
  alsoSolution(s) {
    // Judged from live frames, not only from the edge cases.
    expect(s.frames).toBeGreaterThan(20);
  },
  hints,
  mistakes,
  correct,
});

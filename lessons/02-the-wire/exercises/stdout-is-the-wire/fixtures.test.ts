// stdout-is-the-wire: the learner's server runs under the SDK reference client; stray bytes
// on stdout, lost diagnostics and a broken tool are each caught by their own check.
import { expect } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

// `frame`: the frame the failing check must link (CheckResult.frame), when it names one.
const mistakes: Mistake[] = [
  {
    name: 'banner-on-stdout',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: '"=== Paper Trail (exercise copy) v1.0 ===" is not JSON',
  },
  {
    name: 'console-info',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: '"loaded 2 orders" is not JSON',
  },
  {
    name: 'console-debug-in-handler',
    frame: 6,
    check: 'stdout-only-jsonrpc',
    says: '"order_status called for PT-1041"',
  },
  {
    name: 'json-log-line',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: 'is valid JSON but not a JSON-RPC message',
  },
  { name: 'stdout-write', frame: 1, check: 'stdout-only-jsonrpc', says: '"ready" is not JSON' },
  {
    name: 'no-newline-at-exit',
    frame: 9,
    check: 'stdout-only-jsonrpc',
    says: '"bye" is text with no newline after it',
  },
  { name: 'logs-deleted', check: 'diagnostics-on-stderr', says: 'wrote no diagnostics on stderr' },
  {
    name: 'logs-deleted-then-crashes',
    check: 'diagnostics-on-stderr',
    says: "All it wrote there was Node's report of its crash",
  },
  // Every diagnostic must reach stderr, not just one: a log deleted instead of moved is named.
  {
    name: 'call-log-deleted',
    frame: 5,
    check: 'diagnostics-on-stderr',
    says: [
      'the line logged for the order_status call for PT-1041 (asked in frame 5) is gone',
      'for PT-9999 (asked in frame 7) is gone',
    ],
  },
  {
    name: 'count-deleted',
    check: 'diagnostics-on-stderr',
    says: 'but not all of them: the count of loaded orders ("loaded 2 orders") is gone',
  },
  { name: 'tool-renamed', frame: 6, check: 'tool-works', says: 'Tool order_status not found' },
  {
    name: 'glued-to-reply',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: 'starts with "ready ", written without a newline, so it is glued to the front of a reply',
    hangs: true,
  },
  {
    name: 'crashes-on-missing-order',
    frame: 7,
    check: 'session-completes',
    says: 'Your server exited with code 1',
  },
  {
    name: 'missing-order-as-unknown',
    frame: 8,
    check: 'tool-works',
    says: 'order_status for PT-9999 (frame 7) should be a tool error (a result with isError: true)',
  },
];

const correct = [
  'ok-console-warn',
  'ok-stderr-write',
  'ok-console-on-stderr',
  'ok-json-logger',
  'ok-reworded-logs',
];

// Text each failing check's hint must contain: what to do, in the check's own words.
const hints: Record<string, string> = {
  'stdout-only-jsonrpc': 'Replace console.log/info/debug with console.error',
  'diagnostics-on-stderr': 'Do not delete the banner and logs',
  'tool-works': 'Keep the tool named order_status',
  'session-completes': 'exit when its stdin closes',
};

exerciseSuite({
  exercise: 'stdout-is-the-wire',
  writes: 'server',
  // The starter names every kind of stray line.
  starter: {
    check: 'stdout-only-jsonrpc',
    says: ['is not JSON: a log line', 'is valid JSON but not a JSON-RPC message'],
    frame: 1,
  },
  alsoStarter(s) {
    // The tool itself works in the starter: the lesson is about the bytes, not the tool.
    expect(s.checks.find((c) => c.id === 'tool-works')?.ok).toBe(true);
  },
  hints,
  mistakes,
  correct,
  // A lost reply hangs the reference client: the limit only needs room for a slow start.
  hangMs: 15_000,
});

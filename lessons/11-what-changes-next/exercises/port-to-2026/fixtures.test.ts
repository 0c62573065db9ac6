// port-to-2026: the starter fails, the solution and differently written ports pass, each
// mistaken port fails with the check meant for its mistake, and the lesson-2 client's run
// is reported for information, never as a failure. A check runs two sessions (exercise.json
// scenarios): "key-confirm", shown first, and "key-approval", whose server asks under
// another inputRequests key; a mistake that shows only there is told from that session.
import { expect } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const mistakes: Mistake[] = [
  {
    name: 'sends-initialize',
    frame: 0,
    check: 'no-initialize',
    says: ['sends initialize, which 2026-07-28 no longer has', 'with error -32601'],
  },
  {
    name: 'meta-wrong-prefix',
    frame: 0,
    check: 'meta-envelope',
    says: 'puts the version under "modelcontextprotocol.io/protocolVersion"',
  },
  {
    name: 'meta-old-version',
    frame: 0,
    check: 'meta-envelope',
    says: 'names protocol version "2025-11-25"',
  },
  {
    name: 'empty-capabilities',
    frame: 5,
    check: 'input-required',
    says: 'with -32021',
  },
  { name: 'no-discover', frame: 0, check: 'discover-first', says: 'never sent server/discover' },
  {
    name: 'input-required-as-final',
    frame: 5,
    check: 'input-required',
    says: 'never called cancel_order again',
  },
  {
    name: 'retry-without-responses',
    frame: 6,
    check: 'retry',
    says: 'has no params.inputResponses',
  },
  { name: 'retry-wrong-key', frame: 6, check: 'retry', says: 'answers under "confirmation"' },
  {
    name: 'hard-coded-state',
    frame: 6,
    check: 'retry',
    says: 'sends requestState "cancel:PT-1041"',
  },
  { name: 'reused-id', frame: 6, check: 'request-ids', says: 'reuses id 3 from' },
  {
    name: 'chunk-is-message',
    frame: 1,
    check: 'reads-whole-lines',
    says: 'JSON.parse failed on part of frame 1',
  },
  {
    name: 'hard-coded-order',
    frame: 3,
    check: 'prints-results',
    says: 'print what this reply says, not a copy',
  },
  {
    name: 'hangs-after-retry',
    check: 'clean-exit',
    says: "did not close the server's stdin",
    frame: 7,
    hangs: true,
  },
  {
    name: 'hard-codes-input-key',
    frame: 6,
    check: 'retry',
    says: 'In the "key-approval" session: Your retry (frame 6) answers under "confirm", but frame 5 asked under "approval"',
  },
  {
    name: 'status-of-another-order',
    frame: 2,
    check: 'order-status',
    says: 'Your order_status call (frame 2) sends arguments {"order_id":"PT-1017"}; expected {"order_id":"PT-1041"}.',
  },
  {
    name: 'pretty-printed-json',
    frame: 0,
    check: 'one-message-per-line',
    says: 'one JSON message split over',
    hangs: true,
  },
  {
    name: 'no-jsonrpc-field',
    frame: 0,
    check: 'jsonrpc-frames',
    says: 'Your frame 0 has no "jsonrpc" member',
    hangs: true,
  },
  {
    name: 'prints-extra-line',
    check: 'prints-results',
    says: 'Your stdout has 3 lines; print only the two (use console.error for anything else).',
  },
  {
    name: 'exits-with-code-1',
    check: 'clean-exit',
    says: 'Your program exited with code 1.',
  },
];

const correct = ['ok-string-ids', 'ok-manual-buffer', 'ok-class-client', 'ok-pipelined'];

const hints: Record<string, string> = {
  'no-initialize': 'start with server/discover',
  'discover-first': 'as your first request',
  'meta-envelope': 'in params._meta of every request',
  'input-required': 'the tool has not run yet',
  retry: '"requestState" exactly as you got it',
  'request-ids': 'give every request a new id',
  'reads-whole-lines': 'A read from a pipe ends anywhere',
  'prints-results': 'each once its reply is in',
  'clean-exit': 'call child.stdin.end()',
  'order-status': '"name":"order_status"',
  'jsonrpc-frames': 'Build each frame as {"jsonrpc":"2.0", ...}',
  'one-message-per-line': 'with no indent argument, and append "\\n" to every frame',
};

exerciseSuite({
  exercise: 'port-to-2026',
  writes: 'client',
  starter: { check: 'discover-first' },
  hints,
  mistakes,
  correct,
  hangMs: 8_000,
  alsoSolution(s) {
    const info = s.checks.find((c) => c.id === 'lesson-2-client');
    expect(info).toMatchObject({ ok: true, info: true });
    expect(info?.message).toContain('-32022');
    expect(s.summary).toContain('1 for information');
  },
});

// raw-client: the starter fails, the solution and differently written correct clients pass,
// and each mistaken client fails with the check meant for its mistake.
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

// `frame`: the frame the failing check must link (CheckResult.frame), when it names one.
const mistakes: Mistake[] = [
  {
    name: 'no-jsonrpc',
    frame: 0,
    check: 'jsonrpc-frames',
    says: 'Your frame 0 has no "jsonrpc" member',
    hangs: true,
  },
  {
    name: 'pretty-printed',
    frame: 0,
    check: 'one-message-per-line',
    says: 'one JSON message split over',
    hangs: true,
  },
  {
    name: 'no-newline',
    frame: 0,
    check: 'one-message-per-line',
    says: 'was never ended with "\\n"',
    hangs: true,
  },
  {
    name: 'notification-with-id',
    frame: 2,
    check: 'notifications-no-id',
    says: 'sends notifications/initialized with "id"',
  },
  {
    name: 'reused-id',
    frame: 3,
    check: 'request-ids',
    says: 'reuses id 1 from frame 0 (initialize)',
  },
  { name: 'null-id', frame: 3, check: 'request-ids', says: 'has "id": null', hangs: true },
  {
    name: 'huge-frame',
    frame: 0,
    check: 'one-message-per-line',
    says: 'the run was stopped because more bytes crossed the wire than the harness records',
  },
  {
    name: 'never-starts-server',
    check: 'clean-exit',
    says: 'never started the server command it was given',
  },
  { name: 'args-not-arguments', frame: 5, check: 'tool-call', says: 'puts the order id in "args"' },
  {
    name: 'no-wait-for-initialize',
    frame: 1,
    check: 'handshake',
    says: 'was sent before the initialize result arrived',
  },
  { name: 'unknown-method', frame: 3, check: 'known-methods', says: 'calls "tools/lists"' },
  { name: 'unknown-tool', frame: 5, check: 'tool-call', says: 'asks for the tool "orderStatus"' },
  { name: 'missing-client-info', frame: 0, check: 'handshake', says: 'has no params.clientInfo' },
  {
    name: 'initialised-spelling',
    frame: 2,
    check: 'handshake',
    says: 'sends "notifications/initialised", but the method is',
  },
  {
    name: 'list-before-initialize',
    frame: 0,
    check: 'handshake',
    says: 'Your frame 0 (tools/list) comes before initialize',
  },
  {
    name: 'old-protocol-version',
    frame: 0,
    check: 'handshake',
    says: 'offers protocolVersion "2024-11-05"',
  },
  { name: 'prints-whole-result', check: 'prints-result', says: 'You printed the whole result' },
  {
    name: 'never-closes-stdin',
    frame: 6,
    check: 'clean-exit',
    says: "did not close the server's stdin",
    hangs: true,
  },
  {
    name: 'string-id-matched-as-number',
    frame: 1,
    check: 'clean-exit',
    says: 'the server echoed "1", a string, which is not the number 1',
    hangs: true,
  },
  // In a check run the tap cuts every line the client reads (a multi-byte character in two),
  // and Paper Trail's data changes with the run's seed.
  {
    name: 'chunk-is-message',
    frame: 1,
    check: 'reads-whole-lines',
    says: 'Your client parsed a chunk that was not a whole line: JSON.parse failed on part of frame 1',
  },
  {
    name: 'chunk-errors-swallowed',
    frame: 1,
    check: 'reads-whole-lines',
    says: 'Your client sent nothing after the reply in frame 1 (to its initialize), which reached it in pieces',
    hangs: true,
  },
  {
    name: 'chunk-decoded-alone',
    frame: 6,
    check: 'reads-whole-lines',
    says: 'it decoded each chunk to text on its own',
  },
  {
    name: 'hard-coded-result',
    frame: 6,
    check: 'prints-result',
    says: ['The value you printed does not match the reply in frame 6', 'you printed "Delhivery"'],
  },
  {
    name: 'prints-before-reply',
    frame: 6,
    check: 'prints-result',
    says: 'before the reply it should come from had arrived (frame 6',
  },
  // A tools/call without asking for the list first: the task asks for both.
  { name: 'skips-tools-list', check: 'tools-list', says: 'Your client never sent tools/list.' },
  // Lines on stdout besides the result are stray lines, whatever they look like.
  {
    name: 'progress-on-stdout',
    frame: 6,
    check: 'prints-result',
    says: [
      'but stdout also holds an extra line, "initialized, calling order_status…"',
      'diagnostics (progress, debugging) belong on stderr',
    ],
  },
  {
    name: 'echoes-frames-on-stdout',
    frame: 6,
    check: 'prints-result',
    says: ['but stdout also holds 4 extra lines, {"jsonrpc":"2.0","id":1,"method":"initialize"'],
  },
  {
    name: 'exit-code-from-is-error',
    check: 'clean-exit',
    says: 'Your program exited with code 1.',
  },
];

const correct = [
  'ok-string-ids',
  'ok-pipelined',
  'ok-manual-buffer',
  'ok-for-await',
  'ok-crlf',
  'ok-buffer-concat',
  'ok-text-decoder-stream',
];

// Text each failing check's hint must contain: what to do, in the check's own words.
const hints: Record<string, string> = {
  'tools-list': '"method":"tools/list"} after notifications/initialized',
  'jsonrpc-frames': 'Build each frame as {"jsonrpc":"2.0", ...}',
  'one-message-per-line': 'with no indent argument, and append "\\n" to every frame',
  'notifications-no-id': 'with no "id" member',
  'request-ids': 'give every request a new id',
  'tool-call': '{"name":"order_status","arguments":{"order_id":"PT-1041"}}',
  handshake: 'wait for the result, then send notifications/initialized',
  'known-methods': 'Method names are exact and case-sensitive: ',
  'prints-result': 'console.log(JSON.stringify(response.result.structuredContent))',
  'clean-exit': 'call child.stdin.end()',
  'reads-whole-lines': 'A read from a pipe ends anywhere',
};

exerciseSuite({
  exercise: 'raw-client',
  writes: 'client',
  starter: { check: 'handshake' },
  hints,
  mistakes,
  correct,
  // Mistakes that make the client hang get a shorter limit: the story is in the frames. It
  // still leaves room for Paper Trail to start and answer on a loaded machine (8 s was seen
  // to fail).
  hangMs: 15_000,
  // A hang is explained from the frames, not reported as a bare timeout.
  hangStory: /dropped|waiting|did not close/,
});

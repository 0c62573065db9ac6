// tap: the learner's relay between the driver (client) and the tapped Paper Trail (server),
// judged byte for byte on both sides, on what else reaches stdout, on its log and its exits.
import { expect } from 'vitest';
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const mistakes: Mistake[] = [
  // Bytes that change on the way to the server: the frame the server received is linked.
  {
    name: 'reserialise',
    frame: 0,
    check: 'client-to-server',
    says: ['The server received frame 0', 'the same JSON but not the same bytes'],
  },
  {
    name: 'decode-each-chunk',
    frame: 5,
    check: 'client-to-server',
    says: ['The server received frame 5', 'a character came out as "\uFFFD"', 'café'],
  },
  {
    name: 'readline-forward',
    frame: 7,
    check: 'client-to-server',
    says: ['The server received frame 7', 'the "\\r" before the newline was dropped'],
  },
  // Bytes that change, or never come, on the way back.
  {
    name: 'decode-server-chunks',
    frame: 6,
    check: 'server-to-client',
    says: ['where the server wrote frame 6', 'a character came out as "\uFFFD"', 'café'],
  },
  {
    name: 'forgets-server-to-client',
    frame: 1,
    check: 'server-to-client',
    says: 'The client never got frame 1',
  },
  // Anything else on stdout.
  {
    name: 'console-log-frame',
    check: 'stdout-only-relayed',
    says: ['In the Paper Trail session', 'more than the server wrote', 'client → server'],
  },
  {
    name: 'server-stderr-to-stdout',
    check: 'stdout-only-relayed',
    says: ['In the answer-once session', 'answer-once: answering one request'],
  },
  // The log.
  {
    name: 'logs-without-direction',
    frame: 0,
    check: 'logs-frames',
    says: ["No line of your relay's stderr names frame 0", 'with a direction'],
  },
  {
    name: 'stdio-inherit',
    frame: 0,
    check: 'logs-frames',
    says: 'your relay wrote nothing on stderr',
  },
  // Ends.
  {
    name: 'never-ends-server-stdin',
    check: 'ends-server-stdin',
    says: "your relay did not close Paper Trail's",
  },
  {
    name: 'never-exits-when-server-exits',
    check: 'exits-when-server-exits',
    says: 'Your relay was still running 10 s after the driver sent its one request to answer-once.ts',
  },
  // A relay that dies: what it said on stderr is shown.
  {
    name: 'crashes-on-require',
    check: 'relay-runs',
    says: [
      'Your relay exited with code 1 in the middle of the first session.',
      'ReferenceError: require is not defined in ES module scope',
    ],
  },
  {
    name: 'command-as-one-string',
    check: 'relay-runs',
    says: 'Its stderr says: "relay: could not start',
  },
  // A log that follows reads rather than frames, or whose labels do not tell the way.
  {
    name: 'logs-each-read',
    frame: 2,
    check: 'logs-frames',
    says: [
      "One line of your relay's stderr holds two frames, frame 2 and frame 3",
      'logged the read, not the frames',
    ],
  },
  {
    name: 'same-label-both-ways',
    frame: 0,
    check: 'logs-frames',
    says: 'Your relay logs frame 0 (client → server) and frame 1 (server → client) with the same words around them, "→"',
  },
  {
    name: 'labels-swapped',
    frame: 0,
    check: 'logs-frames',
    says: 'Your relay logs frame 0 as "server → client", but it went client → server',
  },
  // An exit before the server's.
  {
    name: 'exits-on-stdin-end',
    check: 'exits-when-client-closes',
    says: [
      'after the client closed its stdin, before its server had',
      'which never reached the client',
    ],
  },
];

const correct = ['ok-pipe-readline', 'ok-async-iteration', 'ok-text-decoder', 'ok-set-encoding'];

const hints: Record<string, string> = {
  'client-to-server': 'Forward each chunk from stdin to the server as the Buffer it is',
  'server-to-client': 'Forward each chunk from the server’s stdout as the Buffer it is',
  'stdout-only-relayed': 'Your stdout is the client’s wire',
  'logs-frames': 'Write one stderr line per frame',
  'ends-server-stdin': 'call server.stdin.end()',
  'relay-runs': 'read what your relay prints on stderr',
  'exits-when-client-closes': 'let the server finish and exit when it closes',
  'exits-when-server-exits': 'Listen for the server’s "close" event and exit then',
};

exerciseSuite({
  exercise: 'tap',
  writes: 'relay',
  starter: { check: 'client-to-server', says: 'The server never received' },
  alsoSolution(s) {
    // Paper Trail's side was recorded: five frames in, four replies out.
    expect(s.frames).toBe(9);
  },
  hints,
  mistakes,
  correct,
});

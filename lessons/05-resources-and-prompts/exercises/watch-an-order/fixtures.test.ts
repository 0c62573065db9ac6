// watch-an-order: the starter fails, the solution and differently written correct clients
// pass, and each mistaken client fails with the check meant for its mistake. Paper Trail runs
// with --live; a check run's seed picks the order, its number of updates and where the update
// for another order comes. Mistakes whose frame depends on that run with seed 7: order
// PT-1547, four updates, the unrelated one after the first (frames 9 update, 10 read,
// 11 its result, 12 the unrelated update, 13 the next frame). A check runs two sessions
// (exercise.json scenarios): "moving", shown first, where every update moves the status on,
// and "repeating", where one update moves only the ETA; a mistake that shows only there is
// told from that session.
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const mistakes: Mistake[] = [
  {
    name: 'polls-read-loop',
    frame: 5,
    check: 'subscribes',
    says: ['never sent resources/subscribe', 'Asking again and again is polling'],
    hangs: true,
  },
  {
    name: 'hard-codes-pt-1041',
    frame: 5,
    check: 'subscribes',
    says: [
      'asks for "orders://PT-1041"; expected "orders://PT-1547"',
      'take its uri from the resources/list result',
    ],
    // In seed 7's data PT-1041 is already delivered, so this client stops on its own.
    seed: 7,
  },
  {
    name: 'subscribes-before-initialize',
    frame: 0,
    check: 'handshake',
    says: 'Your frame 0 (resources/list) comes before initialize',
  },
  {
    name: 'rereads-every-update',
    frame: 13,
    check: 'rereads-on-update',
    says: 'follows the update in frame 12, which was for "orders://PT-1058", not for your order',
    seed: 7,
  },
  {
    name: 'polls-on-a-timer',
    // Its second read falls in the quiet spell after its first.
    frame: 9,
    check: 'rereads-on-update',
    says: 'in frame 9 came with no update since your previous read: you are polling',
    seed: 7,
  },
  {
    name: 'polls-slowly',
    frame: 13,
    check: 'rereads-on-update',
    says: 'After the update for your order in frame 13 your client did not read it again before more updates came (the last frame 14)',
    seed: 7,
  },
  {
    name: 'reads-notified-uri',
    frame: 13,
    check: 'rereads-on-update',
    says: 'asks for "orders://PT-1058", the uri of the update in frame 12; you subscribed to "orders://PT-1547" only',
    seed: 7,
  },
  {
    name: 'prints-notification',
    frame: 9,
    check: 'prints-statuses',
    says: 'You printed the notification',
    hangs: true,
    seed: 7,
  },
  {
    name: 'status-in-notification',
    frame: 9,
    check: 'prints-statuses',
    says: 'You printed "undefined": notifications/resources/updated (frame 9) has no status in its params',
    hangs: true,
    seed: 7,
  },
  {
    name: 'exits-after-first-update',
    frame: 11,
    check: 'stops-at-delivered',
    says: 'stopped when its last read (frame 11) said "packed": the order was not delivered yet',
    seed: 7,
  },
  {
    name: 'never-exits',
    frame: 21,
    check: 'stops-at-delivered',
    says: 'Your read in frame 21 said "delivered", but your client went on waiting',
    hangs: true,
    seed: 7,
  },
  {
    name: 'reads-before-subscribing',
    frame: 5,
    check: 'subscribes',
    says: 'Your client read "orders://PT-1547" in frame 5, before subscribing to it (frame 7)',
    seed: 7,
  },
  {
    name: 'reads-without-waiting',
    frame: 6,
    check: 'subscribes',
    says: 'in frame 6, before the server had answered your resources/subscribe (frame 7)',
    seed: 7,
  },
  {
    name: 'prints-every-read',
    frame: 8,
    check: 'prints-statuses',
    says: 'In the "repeating" session: You printed "out_for_delivery" twice in a row',
    seed: 7,
  },
  {
    name: 'prints-extra-line',
    frame: 8,
    check: 'prints-statuses',
    says: 'You printed "done", which none of your reads of "orders://PT-1547" returned',
    seed: 7,
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
    says: 'Your frame 3 (resources/list) reuses id 1 from frame 0 (initialize)',
  },
  {
    name: 'initialized-with-id',
    frame: 2,
    check: 'notifications-no-id',
    says: 'Your frame 2 sends notifications/initialized with "id": 99',
  },
  {
    name: 'skips-initialized',
    frame: 1,
    check: 'handshake',
    says: 'never sent notifications/initialized after the initialize result (frame 1)',
  },
  {
    name: 'misspelt-unsubscribe',
    frame: 22,
    check: 'known-methods',
    says: 'Your frame 22 calls "resources/unsubscribed", which is not an MCP method',
    seed: 7,
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

const correct = ['ok-manual-buffer', 'ok-for-await-queue', 'ok-string-ids', 'ok-slow-reader'];

const hints: Record<string, string> = {
  subscribes: 'Take resources[0].uri from the resources/list result',
  handshake: 'wait for the result, then send notifications/initialized',
  'rereads-on-update': 'compare params.uri with your uri',
  'prints-statuses': 'JSON.parse(contents[0].text).status',
  'stops-at-delivered': 'until a read says "delivered"',
  'reads-whole-lines': 'A read from a pipe ends anywhere',
  'jsonrpc-frames': 'Build each frame as {"jsonrpc":"2.0", ...}',
  'one-message-per-line': 'with no indent argument, and append "\\n" to every frame',
  'request-ids': 'give every request a new id',
  'notifications-no-id': 'with no "id" member',
  'known-methods': 'Method names are exact and case-sensitive: ',
  'clean-exit': 'call child.stdin.end()',
};

exerciseSuite({
  exercise: 'watch-an-order',
  writes: 'client',
  starter: { check: 'subscribes' },
  hints,
  mistakes,
  correct,
  // Room for Paper Trail to start and walk an order on a loaded machine, no more.
  hangMs: 12_000,
});

// fetch-client: the starter fails, the solution and differently written correct clients pass,
// and each mistaken client fails with the check meant for its mistake. Paper Trail runs over
// HTTP with --resumable, in two sessions (exercise.json scenarios): --drop-after 1, shown
// first, and --drop-after 3. Mistakes whose frame depends on the run's data use seed 3: in
// the first session the call's stream is dropped after its first progress event (frames 6 the
// call, 7 its status line, 8 the priming event "2-0", 9 progress 1 "2-1", 10 the client's next
// request).
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const SEED = 3;
const AFTER_DROP = 10;

const mistakes: Mistake[] = [
  {
    name: 'no-accept-header',
    check: 'accept-header',
    frame: 0,
    says: ['Your POST initialize (frame 0) sends Accept "*/*"', '406 Not Acceptable (frame 1)'],
  },
  {
    name: 'forgets-session-id',
    check: 'session-id',
    frame: 4,
    says: [
      'Your POST notifications/initialized (frame 4) has no Mcp-Session-Id header',
      'The server answered 400 (frame 5)',
    ],
  },
  {
    name: 'no-protocol-version',
    check: 'protocol-version',
    frame: 4,
    says: 'sends MCP-Protocol-Version "(none)"',
  },
  {
    name: 'awaits-202-body',
    check: 'initialized-202',
    frame: 5,
    says: ['202 Accepted and an empty body (frame 5)', 'your client sent nothing after it'],
  },
  {
    name: 'no-progress-token',
    check: 'progress-token',
    frame: 6,
    says: 'has no params._meta.progressToken',
  },
  {
    name: 'first-data-line-only',
    check: 'reads-events',
    says: ['failed to parse an event', 'several data: lines'],
  },
  {
    name: 'chunk-is-event',
    check: 'reads-events',
    frame: 3,
    says: 'answered your POST initialize in an SSE event (frame 3), but your client never went on: its reader lost that event',
    seed: SEED,
  },
  {
    name: 'decodes-each-chunk',
    check: 'reads-events',
    says: 'is a character cut between two reads',
    seed: SEED,
  },
  {
    name: 'resumes-without-last-event-id',
    check: 'resumes',
    frame: AFTER_DROP,
    says: 'Your GET (frame 10) has no Last-Event-ID',
    hangs: true,
    seed: SEED,
  },
  {
    name: 'hard-codes-last-event-id',
    check: 'resumes',
    frame: AFTER_DROP,
    says: 'sends Last-Event-ID "2-2", an id your client never received on that stream; the last event it received was "2-1" (frame 9)',
    seed: SEED,
  },
  {
    name: 'resumes-from-priming-id',
    check: 'resumes',
    frame: AFTER_DROP,
    says: 'sends Last-Event-ID "2-0", the id of an earlier event (frame 8)',
    seed: SEED,
  },
  {
    name: 'reinitializes',
    check: 'resumes',
    frame: AFTER_DROP,
    says: 'your client sent initialize again (frame 10)',
    seed: SEED,
  },
  {
    name: 'resends-call',
    check: 'resumes',
    frame: AFTER_DROP,
    says: 'your client sent the call again (frame 10)',
    seed: SEED,
  },
  {
    name: 'never-deletes',
    check: 'deletes',
    frame: AFTER_DROP,
    says: 'it never sent DELETE',
    seed: SEED,
  },
  {
    name: 'assumes-data-space',
    check: 'reads-events',
    says: ['failed to parse an event', 'every other event wrote "data:" without the space'],
  },
  {
    name: 'no-content-type',
    check: 'content-type',
    frame: 0,
    says: 'Your POST initialize (frame 0) has Content-Type "text/plain;charset=UTF-8"; expected application/json',
  },
  {
    name: 'tracks-another-order',
    check: 'progress-token',
    frame: 6,
    says: 'Your track_shipment call (frame 6) tracks order_id "PT-1017"; the task asks for "PT-1041".',
  },
  {
    name: 'prints-extra-line',
    check: 'prints-scans',
    frame: 15,
    says: 'an extra line, "done", which the server did not send: anything meant for a human belongs on stderr',
    seed: SEED,
  },
  {
    name: 'prints-whole-result',
    check: 'prints-scans',
    frame: 15,
    says: 'missing: ',
    seed: SEED,
  },
  {
    name: 'prints-progress-with-result',
    check: 'prints-as-it-arrives',
    frame: 9,
    says: 'The progress message "Label created: PT-1041 handed to Poste Italiane → Forlì" arrived in frame 9, and Paper Trail waited for that line on your stdout before sending more; it gave up and sent frame 12, and your client printed the line only after frame 15 (the result) had come.',
    seed: SEED,
  },
  {
    // Its first stream ends right after progress 1, so the line it holds back is the
    // resumed stream's first.
    name: 'buffers-each-stream',
    check: 'prints-as-it-arrives',
    frame: 12,
    says: 'The progress message "In transit: PT-1041 left the Bengaluru sort centre" arrived in frame 12, and Paper Trail waited for that line on your stdout before sending more; it gave up and sent frame 13, and your client printed the line only after frame 15 (the result) had come.',
    seed: SEED,
  },
  {
    name: 'exits-with-code-1',
    check: 'clean-exit',
    says: 'Your program exited with code 1.',
  },
];

const correct = ['ok-reader-loop', 'ok-session-class', 'ok-minimal', 'ok-text-stream'];

const hints: Record<string, string> = {
  'accept-header': 'Accept: application/json, text/event-stream',
  'session-id': 'Mcp-Session-Id header of the initialize response',
  'protocol-version': 'MCP-Protocol-Version: 2025-11-25',
  'initialized-202': '202 Accepted and an empty body',
  'progress-token': '"_meta":{"progressToken"',
  'reads-events': 'join all data: lines',
  resumes: 'Last-Event-ID',
  deletes: 'send DELETE',
  'content-type': 'send Content-Type: application/json',
  'prints-scans': 'as it arrives, once',
  'prints-as-it-arrives': 'the moment its event is parsed',
  'clean-exit': 'let the program end',
};

exerciseSuite({
  exercise: 'fetch-client',
  writes: 'client',
  starter: { check: 'initialized-202', says: 'never sent notifications/initialized' },
  hints,
  mistakes,
  correct,
  hangMs: 6000,
});

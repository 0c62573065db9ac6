// Checks for fetch-client: a streamable HTTP client written with plain fetch. The transport's
// own rules (headers, session, the 202, DELETE, the exit) are the course's shared HTTP client
// checks; the ones here are the task's. Everything is judged from the HTTP exchanges the
// recording proxy saw (request headers, statuses, SSE events with their ids) and from what
// the program printed. In a check run the order data changes with the seed, the server drops
// the call's stream after the first progress event in one session and after the third in the
// other (exercise.json scenarios), and the proxy re-encodes every SSE stream (data over
// several lines, comments) and delivers it in pieces, so neither a copied answer nor a
// one-read-one-event parser passes.
import {
  argumentsOf,
  droppedStream,
  endsSession,
  exchangeName as named,
  exchanges,
  fail,
  failAt,
  frameRef,
  httpCleanExit,
  httpClientBasics,
  lineDiff,
  lostReply,
  notReached,
  paramsOf,
  pass,
  printedLinesAt,
  progressSteps,
  progressTokenOf,
  quote,
  replyEvent,
  resultOf,
  say,
  shownStderr,
  stoppedWith,
  streamedReply,
  textsOf,
  type Check,
  type Exchange,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';
import { printsAsItArrives } from './prints-as-it-arrives.ts';

const VERSION = '2025-11-25';
const TOOL = 'track_shipment';
/** The order the task has the client track. */
const ORDER = 'PT-1041';
/** What a failing SSE reader is told about the check run's streams. */
const RESHAPED =
  ' In this check run every event came over several data: lines and several reads, with comments between them, and every other event wrote "data:" without the space after the colon, as SSE allows (drop one space after the colon only when there is one).';

const isCall = (ex: Exchange) =>
  ex.request.method === 'tools/call' && paramsOf(ex.request).name === TOOL;
const theCall = (run: RunRecord) => exchanges(run).find(isCall);
const seqOf = (ex: Exchange) => ex.request.frame.seq;
const printed = (run: RunRecord) => printedLinesAt(run).map((line) => line.text);
const listed = (lines: string[], max: number) => lines.map((l) => quote(l, max)).join(', ');

/** The lines a run must print: each progress message (in progress order), then the result. */
function expectedLines(run: RunRecord) {
  const call = theCall(run);
  if (!call) return undefined;
  const reply = streamedReply(exchanges(run), call);
  const steps = progressSteps(run, call.request).sort((a, b) => a.progress - b.progress);
  const text = textsOf(resultOf(reply))[0];
  const lines = steps.map((step) => step.message);
  return { lines: text === undefined ? lines : [...lines, text], reply };
}

export const checks: Check[] = [
  ...httpClientBasics(VERSION),
  {
    id: 'progress-token',
    title: `Call ${TOOL} with a progress token`,
    hint: 'Send tools/call with params {"name":"track_shipment","arguments":{"order_id":"PT-1041"},"_meta":{"progressToken":…}}.',
    run(run) {
      const call = theCall(run);
      const other = exchanges(run).find((ex) => ex.request.method === 'tools/call');
      if (!call && !other) return notReached(`Your client never called ${TOOL}.`);
      if (!call) return fail`Your tools/call (${frameRef(seqOf(other!))}) does not name ${TOOL}.`;
      const at = frameRef(seqOf(call));
      const token = progressTokenOf(call.request);
      const astray =
        'progressToken' in paramsOf(call.request)
          ? ' You put it in params itself; it belongs in params._meta.'
          : '';
      if (typeof token !== 'string' && typeof token !== 'number')
        return fail`Your ${TOOL} call (${at}) has no params._meta.progressToken, so the server sends no progress notifications.${astray}`;
      const order = argumentsOf(call.request).order_id;
      const shown =
        typeof order === 'string' ? quote(order, 60) : (JSON.stringify(order) ?? 'nothing');
      if (order !== ORDER)
        return fail`Your ${TOOL} call (${at}) tracks order_id ${shown}; the task asks for ${JSON.stringify(ORDER)}.`;
      return pass`Your ${TOOL} call (${at}) asked for progress with token ${JSON.stringify(token)}.`;
    },
  },
  {
    id: 'resumes',
    title: 'Resume the dropped stream with GET and Last-Event-ID',
    hint: 'Remember the id: of every event. When the stream ends before the reply, send GET with Last-Event-ID: <the last id you saw>, with your session headers.',
    run(run) {
      const call = theCall(run);
      if (!call) return notReached(`Your client never called ${TOOL}, so no stream was dropped.`);
      if (replyEvent(call, call.request.id))
        return pass("The reply came on the call's own stream: nothing to resume.");
      const drop = droppedStream(exchanges(run), call);
      if (!drop)
        return notReached(
          say`The stream of your call (${frameRef(seqOf(call))}) ended without any event id.`,
        );
      const { next, withId } = drop;
      const lastId = quote(drop.lastId);
      const lastRef = frameRef(drop.last.frame.seq);
      if (!next)
        return fail`The server ended the stream of your call after event ${lastId} (${lastRef}) without the reply, and your client never came back for the rest: send GET with Last-Event-ID ${lastId}.${stoppedWith(run)}`;
      const at = frameRef(seqOf(next));
      // These messages name the dropped stream first but are about the request that followed.
      const dropped = say`After the stream dropped (${lastRef}), your client`;
      const afterDrop = failAt(seqOf(next));
      if (next.request.method === 'initialize')
        return afterDrop`${dropped} sent initialize again (${at}): that starts a new session and loses the call. The session was still alive; resume the stream with GET and Last-Event-ID ${lastId}.`;
      if (next.request.method === 'tools/call')
        return afterDrop`${dropped} sent the call again (${at}): the server runs it a second time. Resume the first one instead: GET with Last-Event-ID ${lastId}.`;
      if (next.method !== 'GET')
        return afterDrop`${dropped}'s next request was ${named(next)} (${at}), not a GET with Last-Event-ID ${lastId}: the rest of the call never reached it.`;
      const sent = next.headers['last-event-id'];
      const earlier = withId.find((e) => e.frame.http?.id === sent);
      if (sent === undefined)
        return fail`Your GET (${at}) has no Last-Event-ID, so the server opened a new stream for messages tied to no request instead of replaying the dropped one; the rest of your call stays behind event ${lastId} (${lastRef}).`;
      if (sent !== drop.lastId && earlier)
        return fail`Your GET (${at}) sends Last-Event-ID ${quote(sent)}, the id of an earlier event (${frameRef(earlier.frame.seq)}); the last one your client received was ${lastId} (${lastRef}), so the server sends again what you already have.`;
      if (sent !== drop.lastId)
        return fail`Your GET (${at}) sends Last-Event-ID ${quote(sent)}, an id your client never received on that stream; the last event it received was ${lastId} (${lastRef}).`;
      if (!replyEvent(next, call.request.id))
        return fail`Your GET (${at}) resumed from ${lastId}, but the reply to your call did not come on it before your client moved on.`;
      return pass`Your GET (${at}) resumed after event ${lastId} (${lastRef}) and got the rest of the call.`;
    },
  },
  {
    id: 'reads-events',
    title: 'Read SSE events whole, however they arrive',
    hint: 'Keep a buffer across reads and decode with one TextDecoder ({stream: true}); an event ends at a blank line; skip ":" comment lines; join all data: lines of an event with "\\n"; skip an event with empty data.',
    run(run) {
      const stderr = run.program.stderr;
      const seed = run.seed === undefined ? '' : RESHAPED;
      if (/SyntaxError/.test(stderr))
        return fail`Your program failed to parse an event's data: ${shownStderr(stderr, 200)}. An event ends only at a blank line, a read may hold part of one, and its data may be spread over several data: lines (join them with "\\n"); the priming event's data is empty.${seed}`;
      const garbled = printed(run).find((line) => line.includes('\uFFFD'));
      if (garbled)
        return fail`You printed ${quote(garbled, 160)}: each "\uFFFD" is a character cut between two reads and decoded in halves. Decode the whole stream with one TextDecoder and {stream: true}.`;
      // Stopping after the call's own reply is another check's business.
      const lost = lostReply(run);
      if (lost && !isCall(lost.ex))
        return fail`The server answered your ${named(lost.ex)} in an SSE event (${frameRef(lost.event.frame.seq)}), but your client never went on: its reader lost that event. Cut the stream into lines, end an event at a blank line, and take every data: line.${seed}`;
      if (!expectedLines(run)?.reply)
        return notReached('The reply to your call never came (see the resumes check).');
      return pass('Your client read every event it printed from whole events.');
    },
  },
  {
    id: 'prints-scans',
    title: 'Print every scan and then the result, from the replies',
    hint: "Print each progress notification's params.message as it arrives, once, then the result's content[0].text: one line each, nothing else on stdout.",
    run(run) {
      const expected = expectedLines(run);
      if (!expected?.reply)
        return notReached('The reply to your call never came, so there was no result to print.');
      const reply = frameRef(expected.reply.frame.seq);
      const lines = printed(run);
      const want = expected.lines;
      if (lines.length === want.length && lines.every((line, i) => line === want[i]))
        return pass`You printed the ${String(want.length - 1)} scans and the result of ${reply}.`;
      const { missing, extra, twice } = lineDiff(lines, want);
      const instead = extra.length > 0 ? `; you printed instead ${listed(extra, 100)}` : '';
      const detail = twice
        ? `you printed ${quote(twice, 120)} twice: a resumed stream starts after the Last-Event-ID you send, so each event arrives once`
        : missing.length > 0
          ? `missing: ${listed(missing, 100)}${instead}`
          : extra.length > 0
            ? `${extra.length === 1 ? 'an extra line' : 'extra lines'}, ${listed(extra, 100)}, which the server did not send: anything meant for a human belongs on stderr (console.error)`
            : `the lines are out of order: expected ${listed(want, 60)}`;
      const changes =
        extra.length > 0 && missing.length > 0
          ? ' In a check run the order data changes from run to run: print what the server sent.'
          : '';
      return fail`Your output does not match the scans and result the server sent (the result is ${reply}): ${detail}.${changes}`;
    },
  },
  printsAsItArrives(isCall),
  endsSession,
  httpCleanExit,
];

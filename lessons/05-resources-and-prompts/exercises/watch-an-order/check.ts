// Checks for watch-an-order: a raw client that subscribes to the newest order Paper Trail
// (--live) lists, re-reads it after each notifications/resources/updated for its uri (and only
// those), prints each new status once, in order, and stops when it is delivered. The order, the
// number of updates and where one for another order comes change with the seed.
import {
  answeredRequests,
  conversation,
  fail,
  firstItem,
  frameList,
  failAt,
  frameRef,
  given,
  isNotification,
  isObject,
  isRequest,
  notificationsOf,
  paramsOf,
  parsedLine,
  pass,
  printedLines,
  quote,
  replyTo,
  sdkFreeClientChecks,
  requestsOf,
  resultOf,
  say,
  stringOf,
  unjudged,
  type Check,
  type Read,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

const UPDATED = 'notifications/resources/updated';
// Updates for the client's order that may pile up unread before it is a mistake. A check run's
// Paper Trail (--await-reads, exercise.json) holds each next update until the client has read
// the last one, for up to a second, so a correct client on a busy machine still reads between
// two; two in a row unread means it did not read at all, or read on a timer of its own.
const UNREAD_ALLOWED = 1;

const uriOf = (r: Read) => stringOf(paramsOf(r).uri);
const isUpdate = (r: Read) => isNotification(r, UPDATED);
const isRead = (r: Read) => isRequest(r, 'resources/read');

/** The order to watch: the first resource of the first resources/list result. */
type Target = { uri: string; answer: Read };
function target(run: RunRecord): Target | undefined {
  for (const { reply } of answeredRequests(run, 'resources/list')) {
    const uri = stringOf(firstItem(resultOf(reply), 'resources')?.uri);
    if (uri !== undefined) return { uri, answer: reply };
  }
  return undefined;
}

/** The first successful resources/subscribe to the order to watch. */
const subscription = (run: RunRecord, uri: string) =>
  answeredRequests(run, 'resources/subscribe').find(
    ({ request, reply }) => uriOf(request) === uri && reply.message?.kind === 'result',
  );

/** The status a resources/read result holds (contents[0].text is the order as JSON). */
function statusIn(answer: Read | undefined): string | undefined {
  const text = stringOf(firstItem(resultOf(answer), 'contents')?.text);
  const order = text === undefined ? undefined : parsedLine(text);
  return isObject(order) ? stringOf(order.status) : undefined;
}

/** The answers to the client's reads of its order, in the order they came, with their status. */
const statusReads = (run: RunRecord, uri: string) =>
  answeredRequests(run, 'resources/read')
    .flatMap(({ request, reply: answer }) => {
      const status = statusIn(answer);
      return uriOf(request) === uri && status !== undefined ? [{ answer, status }] : [];
    })
    .sort((a, b) => a.answer.frame.seq - b.answer.frame.seq);

/** Checks about the order once it is known; without one there is nothing to judge. */
const watching = given(
  (run) => target(run) ?? 'There was no order to watch (see the subscribes check).',
);

const subscribes: Check = {
  id: 'subscribes',
  title: 'Subscribe to the first order resources/list names, then read it',
  hint: 'Take resources[0].uri from the resources/list result and send resources/subscribe with {"uri": that uri}; wait for its result before the first resources/read, then wait for notifications/resources/updated instead of reading in a loop.',
  run(run) {
    const t = target(run);
    if (!t)
      return requestsOf(run, 'resources/list').length === 0
        ? fail`Your client never sent resources/list, so it could not know which order to watch: the first resource it lists is the newest order, and that changes from run to run.`
        : unjudged`resources/list never returned a first resource to watch.`;
    const subs = requestsOf(run, 'resources/subscribe');
    const good = subscription(run, t.uri);
    const reads = requestsOf(run, 'resources/read').filter((r) => uriOf(r) === t.uri);
    if (good) {
      const early = reads.find((r) => r.frame.seq < good.reply.frame.seq);
      if (early && early.frame.seq < good.request.frame.seq)
        return fail`Your client read ${quote(t.uri)} in ${frameRef(early.frame.seq)}, before subscribing to it (${frameRef(good.request.frame.seq)}): a change between that read and the subscription would reach you neither way. Subscribe, wait for its result, then read.`;
      if (early)
        return fail`Your client read ${quote(t.uri)} in ${frameRef(early.frame.seq)}, before the server had answered your resources/subscribe (${frameRef(good.reply.frame.seq)}): until that answer the subscription may not be in place. Wait for its result, then read.`;
      return pass`You subscribed to ${quote(t.uri)} in ${frameRef(good.request.frame.seq)}, the first order of ${frameRef(t.answer.frame.seq)}; the server agreed in ${frameRef(good.reply.frame.seq)}.`;
    }
    if (subs.length === 0 && reads.length > 1) {
      const seqs = reads.slice(0, 4).map((r) => r.frame.seq);
      const more = reads.length > 4 ? ', …' : '';
      return fail`Your client never sent resources/subscribe: it read ${quote(t.uri)} ${String(reads.length)} times instead (frames ${frameList(seqs, true)}${more}). Asking again and again is polling; subscribe once and let the server tell you when the order changes.`;
    }
    if (subs.length === 0)
      return fail`Your client never sent resources/subscribe for ${quote(t.uri)}, the order ${frameRef(t.answer.frame.seq)} lists first.`;
    const first = subs[0]!;
    const n = first.frame.seq;
    const asked = uriOf(first);
    if (asked !== t.uri)
      return fail`Your resources/subscribe (${frameRef(n)}) asks for ${asked === undefined ? 'no params.uri at all' : quote(asked)}; expected ${quote(t.uri)}, the first resource in ${frameRef(t.answer.frame.seq)}. The newest order changes from run to run: take its uri from the resources/list result.`;
    const answer = replyTo(run, first);
    const said =
      answer?.message?.kind === 'error'
        ? say`the server answered error ${String(answer.message.error.code)} in ${frameRef(answer.frame.seq)}: ${quote(answer.message.error.message, 120)}`
        : say`it got no answer`;
    return fail`Your resources/subscribe (${frameRef(n)}) for ${quote(t.uri)} did not succeed: ${said}.`;
  },
};

const rereads: Check = watching({
  id: 'rereads-on-update',
  title: 'Re-read your order after each update for its uri, and only then',
  hint: 'For each notifications/resources/updated, compare params.uri with your uri: if it is yours, send resources/read for it; if not, do nothing.',
  judge: (run, t) => {
    const sub = subscription(run, t.uri);
    if (!sub)
      return unjudged`Your client never subscribed to its order (see the subscribes check).`;
    const conv = conversation(run);
    const after = conv.reads.filter((r) => r.frame.seq > sub.request.frame.seq);

    // An update for another resource, answered by reading that other resource.
    const foreign = after.find((r) => isRead(r) && uriOf(r) !== t.uri);
    if (foreign) {
      const asked = uriOf(foreign) ?? '';
      const update = after.findLast(
        (r) => isUpdate(r) && r.frame.seq < foreign.frame.seq && uriOf(r) === uriOf(foreign),
      );
      return update
        ? fail`Your resources/read (${frameRef(foreign.frame.seq)}) asks for ${quote(asked)}, the uri of the update in ${frameRef(update.frame.seq)}; you subscribed to ${quote(t.uri)} only, so that update was not about your order. Check params.uri and ignore updates for other resources.`
        : fail`Your resources/read (${frameRef(foreign.frame.seq)}) asks for ${quote(asked)}; the order you watch is ${quote(t.uri)}.`;
    }

    // Updates that arrive after the client closed the server's stdin found it gone: no read owed.
    const lastSent = conv.from('c2s').at(-1)?.frame.seq ?? -1;
    const gone = (r: Read) => run.stdinClosed && r.frame.seq > lastSent;
    let owed: Read | undefined; // the first update for our uri not yet followed by a read
    let unread = 0; // how many updates for our uri since the last read
    let sinceRead: Read | undefined; // the last update of any uri since the last read
    let reads = 0;
    for (const r of after) {
      if (isUpdate(r)) {
        if (uriOf(r) === t.uri && !gone(r)) {
          unread += 1;
          if (owed && unread > UNREAD_ALLOWED)
            return fail`After the update for your order in ${frameRef(owed.frame.seq)} your client did not read it again before more updates came (the last ${frameRef(r.frame.seq)}). The notification says only that the resource changed; send resources/read for ${quote(t.uri)} to learn how.`;
          owed ??= r;
        }
        sinceRead = r;
        continue;
      }
      if (!isRead(r)) continue;
      reads += 1;
      // The first read, before any update for the order, is the initial one.
      if (!owed && reads > 1)
        return sinceRead
          ? fail`Your resources/read of ${quote(t.uri)} in ${frameRef(r.frame.seq)} follows the update in ${frameRef(sinceRead.frame.seq)}, which was for ${quote(uriOf(sinceRead) ?? '')}, not for your order: an update for another uri is no reason to read yours.`
          : fail`Your resources/read of ${quote(t.uri)} in ${frameRef(r.frame.seq)} came with no update since your previous read: you are polling. After subscribing, read only when notifications/resources/updated names your uri.`;
      [owed, unread, sinceRead] = [undefined, 0, undefined];
    }
    // The last update needs its read too, unless the run was stopped before the client could.
    if (owed && run.verdict !== 'timeout')
      return fail`Your client never read ${quote(t.uri)} again after the update in ${frameRef(owed.frame.seq)}. The notification carries only the uri; read the resource to learn its new status.`;
    if (owed && reads === 0)
      return fail`Your client never sent resources/read for ${quote(t.uri)}, not even after the update in ${frameRef(owed.frame.seq)}. The notification carries only the uri; read the resource to learn its new status.`;
    const own = after.filter((r) => isUpdate(r) && uriOf(r) === t.uri).length;
    const each = own === 1 ? 'its one update' : `each of its ${own} updates`;
    return pass`You re-read your order after ${each} and ignored the rest.`;
  },
});

const show = (lines: readonly string[]) => quote(lines.join('\n'), 200);

const printsStatuses = watching({
  id: 'prints-statuses',
  title: 'Print each new status once, in the order you read them',
  hint: 'Print the status from each resources/read result (JSON.parse(contents[0].text).status) when it differs from the last one you printed, one per line, and nothing else on stdout.',
  judge: (run, t) => {
    const reads = statusReads(run, t.uri);
    const lines = printedLines(run);
    const changes = reads.filter((r, i) => i === 0 || reads[i - 1]!.status !== r.status);
    const expected = changes.map((r) => r.status);
    const sources = changes.map((r) => r.answer.frame.seq);
    const frames = frameList(sources);
    const want = say`Expected ${show(expected)} (the statuses your reads returned, in ${frames}); saw ${show(lines)}.`;
    if (lines.length > 0 && lines.join('\n') === expected.join('\n'))
      return pass`You printed ${show(lines)}, one line per new status, as your reads returned them (${frames}).`;
    const update = notificationsOf(run, UPDATED).find((r) => uriOf(r) === t.uri)?.frame.seq;
    const notification = lines.find((l) => l.includes(UPDATED));
    const asIn = update === undefined ? '' : say`, as in ${frameRef(update)}`;
    const atUpdate = failAt(update);
    if (reads.length === 0 && lines.length === 0)
      return unjudged`Your client read no status, so it had none to print (see the rereads-on-update check).`;
    if (reads.length === 0 && notification)
      return fail`You printed the notification (${quote(notification, 120)}${asIn}), but it says only which resource changed, not its status. Read ${quote(t.uri)} and print the status the read returns.`;
    if (reads.length === 0)
      return fail`You printed ${show(lines)} without ever reading ${quote(t.uri)}; the status comes from resources/read, not from the notification${update === undefined ? '' : say` (${frameRef(update)} has only params.uri)`}.`;
    if (lines.some((l) => l === 'undefined'))
      return atUpdate`You printed "undefined": notifications/resources/updated${update === undefined ? '' : say` (${frameRef(update)})`} has no status in its params, only the uri. The status is in the resources/read result. ${want}`;
    if (notification)
      return atUpdate`You printed the notification (${quote(notification, 120)}${asIn}); it says only which resource changed. Print the status your read returns instead. ${want}`;
    const repeat = lines.findIndex((l, i) => i > 0 && l === lines[i - 1]);
    if (repeat !== -1)
      return fail`You printed ${quote(lines[repeat]!)} twice in a row: print a status only when it differs from the last one. ${want}`;
    const stranger = lines.find((l) => !reads.some((r) => r.status === l));
    if (stranger !== undefined)
      return fail`You printed ${quote(stranger)}, which none of your reads of ${quote(t.uri)} returned. Print what each read says: in a check run the order and its statuses change from run to run. ${want}`;
    return fail(want, sources.at(-1) ?? t.answer.frame.seq);
  },
});

const stopsAtDelivered = watching({
  id: 'stops-at-delivered',
  title: 'Stop when, and only when, the order is delivered',
  hint: 'Keep waiting for updates until a read says "delivered"; then (after resources/unsubscribe, if you like) close the server\'s stdin.',
  judge: (run, t) => {
    const reads = statusReads(run, t.uri);
    const done = reads.find((r) => r.status === 'delivered')?.answer.frame.seq;
    const last = reads.at(-1);
    if (run.verdict === 'timeout' && done === undefined)
      return unjudged`The run was stopped before any read said "delivered" (see the other checks).`;
    if (run.verdict === 'timeout')
      return fail`Your read in ${frameRef(done!)} said "delivered", but your client went on waiting until the harness stopped it: nothing more will come. Close the server's stdin then.`;
    if (done !== undefined) return pass`You stopped after ${frameRef(done)} said "delivered".`;
    return last
      ? fail`Your client stopped when its last read (${frameRef(last.answer.frame.seq)}) said ${quote(last.status)}: the order was not delivered yet. Keep waiting for notifications/resources/updated until a read says "delivered".`
      : fail`Your client stopped without reading ${quote(t.uri)} at all.`;
  },
});

const RESOURCES = ['list', 'templates/list', 'read', 'subscribe', 'unsubscribe'];
export const checks: Check[] = sdkFreeClientChecks(
  ['notifications/cancelled', ...RESOURCES.map((m) => `resources/${m}`)],
  { sends: [subscribes, rereads], then: [printsStatuses, stopsAtDelivered] },
);

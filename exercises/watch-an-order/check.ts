// Checks for watch-an-order: a raw client that subscribes to the newest order Paper Trail
// (--live) lists, re-reads it after each notifications/resources/updated for its uri (and
// only those), prints each new status once, in order, and stops when it is delivered.
// In a check run the order, the number of updates and where an update for another order
// comes all change with the seed, so everything is judged against the frames of this run.
import { frameRef, joined, say } from '../../sandbox/checks/say.ts';
import type { Check, Outcome, RunRecord, Said } from '../../sandbox/contract/check.ts';
import {
  cleanExit,
  conversation,
  rawClientBasics,
  readsWholeLines,
} from '../../sandbox/checks/client-checks.ts';
import { quote } from '../../sandbox/checks/frames.ts';
import type { Read } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { printedLines } from '../../sandbox/checks/run-story.ts';

const UPDATED = 'notifications/resources/updated';
/**
 * Updates for the client's order that may pile up unread before it is a mistake: a busy
 * machine can delay a correct client's re-read past the next update (Paper Trail moves the
 * order every 250 ms), and one re-read then covers both. Three in a row unread is not lag.
 */
const UNREAD_ALLOWED = 2;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function uriOf(r: Read): string | undefined {
  const params = r.message && 'params' in r.message ? r.message.params : undefined;
  return isObject(params) && typeof params.uri === 'string' ? params.uri : undefined;
}

/** The order to watch: the first resource of the first resources/list result. */
function target(run: RunRecord): { uri: string; list: Read; answer: Read } | undefined {
  const conv = conversation(run);
  for (const list of conv.requests('c2s').filter((r) => r.message.method === 'resources/list')) {
    const answer = conv.responseTo(list);
    if (answer?.message?.kind !== 'result') continue;
    const first = (answer.message.result.resources as unknown[] | undefined)?.[0];
    if (isObject(first) && typeof first.uri === 'string') return { uri: first.uri, list, answer };
  }
  return undefined;
}

const requestsFor = (run: RunRecord, method: string) =>
  conversation(run)
    .requests('c2s')
    .filter((r) => r.message.method === method);

/** The first successful resources/subscribe to the order to watch. */
function subscription(run: RunRecord, uri: string): { sub: Read; answer: Read } | undefined {
  const conv = conversation(run);
  for (const sub of requestsFor(run, 'resources/subscribe')) {
    const answer = conv.responseTo(sub);
    if (uriOf(sub) === uri && answer?.message?.kind === 'result') return { sub, answer };
  }
  return undefined;
}

/** The status a resources/read result holds (contents[0].text is the order as JSON). */
function statusIn(answer: Read | undefined): string | undefined {
  if (answer?.message?.kind !== 'result') return undefined;
  const first = (answer.message.result.contents as unknown[] | undefined)?.[0];
  if (!isObject(first) || typeof first.text !== 'string') return undefined;
  try {
    const order = JSON.parse(first.text) as unknown;
    return isObject(order) && typeof order.status === 'string' ? order.status : undefined;
  } catch {
    return undefined;
  }
}

/** The client's reads of its order that were answered, in order, with the status each returned. */
function statusReads(run: RunRecord, uri: string): { read: Read; answer: Read; status: string }[] {
  const conv = conversation(run);
  const out: { read: Read; answer: Read; status: string }[] = [];
  for (const read of requestsFor(run, 'resources/read')) {
    if (uriOf(read) !== uri) continue;
    const answer = conv.responseTo(read);
    const status = statusIn(answer);
    if (answer && status !== undefined) out.push({ read, answer, status });
  }
  return out.sort((a, b) => a.answer.frame.seq - b.answer.frame.seq);
}

const noTarget = (run: RunRecord): Outcome =>
  requestsFor(run, 'resources/list').length === 0
    ? {
        ok: false,
        message:
          'Your client never sent resources/list, so it could not know which order to watch: the first resource it lists is the newest order, and that changes from run to run.',
      }
    : notReached('resources/list never returned a first resource to watch.');

const subscribes: Check = {
  id: 'subscribes',
  title: 'Subscribe to the first order resources/list names, then read it',
  hint: 'Take resources[0].uri from the resources/list result and send resources/subscribe with {"uri": that uri}; wait for its result before the first resources/read, then wait for notifications/resources/updated instead of reading in a loop.',
  run(run) {
    const t = target(run);
    if (!t) return noTarget(run);
    const subs = requestsFor(run, 'resources/subscribe');
    const good = subscription(run, t.uri);
    if (good) {
      const early = requestsFor(run, 'resources/read').find(
        (r) => uriOf(r) === t.uri && r.frame.seq < good.answer.frame.seq,
      );
      if (early) {
        const before = early.frame.seq < good.sub.frame.seq;
        return {
          ok: false,
          frame: early.frame.seq,
          message: before
            ? say`Your client read ${quote(t.uri)} in ${frameRef(early.frame.seq)}, before subscribing to it (${frameRef(good.sub.frame.seq)}): a change between that read and the subscription would reach you neither way. Subscribe, wait for its result, then read.`
            : say`Your client read ${quote(t.uri)} in ${frameRef(early.frame.seq)}, before the server had answered your resources/subscribe (${frameRef(good.answer.frame.seq)}): until that answer the subscription may not be in place. Wait for its result, then read.`,
        };
      }
      return {
        ok: true,
        frame: good.sub.frame.seq,
        message: say`You subscribed to ${quote(t.uri)} in ${frameRef(good.sub.frame.seq)}, the first order of ${frameRef(t.answer.frame.seq)}; the server agreed in ${frameRef(good.answer.frame.seq)}.`,
      };
    }
    if (subs.length === 0) {
      const reads = requestsFor(run, 'resources/read').filter((r) => uriOf(r) === t.uri);
      if (reads.length > 1) {
        const seqs = reads.slice(0, 4).map((r) => frameRef(r.frame.seq, String(r.frame.seq)));
        return {
          ok: false,
          frame: reads[0]!.frame.seq,
          message: say`Your client never sent resources/subscribe: it read ${quote(t.uri)} ${String(reads.length)} times instead (frames ${joined(
            seqs.map((s) => say`${s}`),
            ', ',
          )}${reads.length > 4 ? ', …' : ''}). Asking again and again is polling; subscribe once and let the server tell you when the order changes.`,
        };
      }
      return {
        ok: false,
        frame: t.answer.frame.seq,
        message: say`Your client never sent resources/subscribe for ${quote(t.uri)}, the order ${frameRef(t.answer.frame.seq)} lists first.`,
      };
    }
    const first = subs[0]!;
    const n = first.frame.seq;
    const asked = uriOf(first);
    if (asked !== t.uri) {
      return {
        ok: false,
        frame: n,
        message: say`Your resources/subscribe (${frameRef(n)}) asks for ${asked === undefined ? 'no params.uri at all' : quote(asked)}; expected ${quote(t.uri)}, the first resource in ${frameRef(t.answer.frame.seq)}. The newest order changes from run to run: take its uri from the resources/list result.`,
      };
    }
    const answer = conversation(run).responseTo(first);
    const said =
      answer?.message?.kind === 'error'
        ? say`the server answered error ${String(answer.message.error.code)} in ${frameRef(answer.frame.seq)}: ${quote(answer.message.error.message, 120)}`
        : say`it got no answer`;
    return {
      ok: false,
      frame: n,
      message: say`Your resources/subscribe (${frameRef(n)}) for ${quote(t.uri)} did not succeed: ${said}.`,
    };
  },
};

const rereads: Check = {
  id: 'rereads-on-update',
  title: 'Re-read your order after each update for its uri, and only then',
  hint: 'For each notifications/resources/updated, compare params.uri with your uri: if it is yours, send resources/read for it; if not, do nothing.',
  run(run) {
    const t = target(run);
    if (!t) return notReached('There was no order to watch (see the subscribes check).');
    const sub = subscription(run, t.uri);
    if (!sub)
      return notReached('Your client never subscribed to its order (see the subscribes check).');
    const conv = conversation(run);
    const after = conv.reads.filter((r) => r.frame.seq > sub.sub.frame.seq);
    const isUpdate = (r: Read) =>
      r.frame.dir === 's2c' && r.message?.kind === 'notification' && r.message.method === UPDATED;
    const isRead = (r: Read) =>
      r.frame.dir === 'c2s' &&
      r.message?.kind === 'request' &&
      r.message.method === 'resources/read';

    // An update for another resource, answered by reading that other resource.
    for (const read of after.filter(isRead)) {
      const asked = uriOf(read);
      if (asked === t.uri) continue;
      const update = after
        .filter((r) => isUpdate(r) && r.frame.seq < read.frame.seq && uriOf(r) === asked)
        .at(-1);
      return {
        ok: false,
        frame: read.frame.seq,
        message: update
          ? say`Your resources/read (${frameRef(read.frame.seq)}) asks for ${quote(asked ?? '')}, the uri of the update in ${frameRef(update.frame.seq)}; you subscribed to ${quote(t.uri)} only, so that update was not about your order. Check params.uri and ignore updates for other resources.`
          : say`Your resources/read (${frameRef(read.frame.seq)}) asks for ${quote(asked ?? '')}; the order you watch is ${quote(t.uri)}.`,
      };
    }

    // Updates that arrive after the client closed the server's stdin found it gone: no read owed.
    const lastSent = conv.from('c2s').at(-1)?.frame.seq ?? -1;
    const gone = (r: Read) => run.stdinClosed && r.frame.seq > lastSent;
    let owed: Read | undefined; // the first update for our uri not yet followed by a read
    let unread = 0; // how many updates for our uri since the last read
    let sinceRead: Read | undefined; // the last update of any uri since the last read
    let reads = 0;
    let ownSeen = false;
    for (const r of after) {
      if (isUpdate(r)) {
        if (uriOf(r) === t.uri && !gone(r)) {
          unread += 1;
          if (owed && unread > UNREAD_ALLOWED) {
            return {
              ok: false,
              frame: owed.frame.seq,
              message: say`After the update for your order in ${frameRef(owed.frame.seq)} your client did not read it again before more updates came (the last ${frameRef(r.frame.seq)}). The notification says only that the resource changed; send resources/read for ${quote(t.uri)} to learn how.`,
            };
          }
          owed ??= r;
          ownSeen = true;
        }
        sinceRead = r;
        continue;
      }
      if (!isRead(r) || uriOf(r) !== t.uri) continue;
      reads += 1;
      const initial = !ownSeen && reads === 1;
      if (!owed && !initial) {
        return {
          ok: false,
          frame: r.frame.seq,
          message: sinceRead
            ? say`Your resources/read of ${quote(t.uri)} in ${frameRef(r.frame.seq)} follows the update in ${frameRef(sinceRead.frame.seq)}, which was for ${quote(uriOf(sinceRead) ?? '')}, not for your order: an update for another uri is no reason to read yours.`
            : say`Your resources/read of ${quote(t.uri)} in ${frameRef(r.frame.seq)} came with no update since your previous read: you are polling. After subscribing, read only when notifications/resources/updated names your uri.`,
        };
      }
      owed = undefined;
      unread = 0;
      sinceRead = undefined;
    }
    // The last update needs its read too, unless the run was stopped before the client could.
    if (owed && run.verdict !== 'timeout') {
      return {
        ok: false,
        frame: owed.frame.seq,
        message: say`Your client never read ${quote(t.uri)} again after the update in ${frameRef(owed.frame.seq)}. The notification carries only the uri; read the resource to learn its new status.`,
      };
    }
    if (owed && reads === 0) {
      return {
        ok: false,
        frame: owed.frame.seq,
        message: say`Your client never sent resources/read for ${quote(t.uri)}, not even after the update in ${frameRef(owed.frame.seq)}. The notification carries only the uri; read the resource to learn its new status.`,
      };
    }
    const own = after.filter((r) => isUpdate(r) && uriOf(r) === t.uri).length;
    return {
      ok: true,
      message: `You re-read your order after each of its ${own} updates and ignored the rest.`,
    };
  },
};

function show(lines: readonly string[]): string {
  return quote(lines.join('\n'), 200);
}

const printsStatuses: Check = {
  id: 'prints-statuses',
  title: 'Print each new status once, in the order you read them',
  hint: 'Print the status from each resources/read result (JSON.parse(contents[0].text).status) when it differs from the last one you printed, one per line, and nothing else on stdout.',
  run(run) {
    const t = target(run);
    if (!t) return notReached('There was no order to watch (see the subscribes check).');
    const reads = statusReads(run, t.uri);
    const lines = printedLines(run);
    const expected: string[] = [];
    const sources: Read[] = [];
    for (const r of reads) {
      if (expected.at(-1) === r.status) continue;
      expected.push(r.status);
      sources.push(r.answer);
    }
    const frames = joined(
      sources.map((s) => say`${frameRef(s.frame.seq)}`),
      ', ',
    );
    const want = (): Said =>
      say`Expected ${show(expected)} (the statuses your reads returned, in ${frames}); saw ${show(lines)}.`;
    if (lines.length > 0 && lines.join('\n') === expected.join('\n')) {
      return {
        ok: true,
        frame: sources[0]!.frame.seq,
        message: say`You printed ${show(lines)}, one line per new status, as your reads returned them (${frames}).`,
      };
    }
    const update = conversation(run)
      .notifications('s2c')
      .find((r) => r.message.method === UPDATED && uriOf(r) === t.uri);
    if (reads.length === 0) {
      if (lines.length === 0)
        return notReached(
          'Your client read no status, so it had none to print (see the rereads-on-update check).',
        );
      const notification = lines.find((l) => l.includes(UPDATED));
      return {
        ok: false,
        ...(update ? { frame: update.frame.seq } : {}),
        message: notification
          ? say`You printed the notification (${quote(notification, 120)}${update ? say`, as in ${frameRef(update.frame.seq)}` : ''}), but it says only which resource changed, not its status. Read ${quote(t.uri)} and print the status the read returns.`
          : say`You printed ${show(lines)} without ever reading ${quote(t.uri)}; the status comes from resources/read, not from the notification${update ? say` (${frameRef(update.frame.seq)} has only params.uri)` : ''}.`,
      };
    }
    if (lines.some((l) => l === 'undefined')) {
      return {
        ok: false,
        ...(update ? { frame: update.frame.seq } : {}),
        message: say`You printed "undefined": notifications/resources/updated${update ? say` (${frameRef(update.frame.seq)})` : ''} has no status in its params, only the uri. The status is in the resources/read result. ${want()}`,
      };
    }
    const notification = lines.find((l) => l.includes(UPDATED));
    if (notification) {
      return {
        ok: false,
        ...(update ? { frame: update.frame.seq } : {}),
        message: say`You printed the notification (${quote(notification, 120)}${update ? say`, as in ${frameRef(update.frame.seq)}` : ''}); it says only which resource changed. Print the status your read returns instead. ${want()}`,
      };
    }
    const repeat = lines.findIndex((l, i) => i > 0 && l === lines[i - 1]);
    if (repeat !== -1) {
      return {
        ok: false,
        frame: sources[0]!.frame.seq,
        message: say`You printed ${quote(lines[repeat]!)} twice in a row: print a status only when it differs from the last one. ${want()}`,
      };
    }
    const stranger = lines.find((l) => !reads.some((r) => r.status === l));
    if (stranger !== undefined) {
      return {
        ok: false,
        frame: sources[0]?.frame.seq ?? t.answer.frame.seq,
        message: say`You printed ${quote(stranger)}, which none of your reads of ${quote(t.uri)} returned. Print what each read says: in a check run the order and its statuses change from run to run. ${want()}`,
      };
    }
    return { ok: false, frame: sources.at(-1)?.frame.seq ?? t.answer.frame.seq, message: want() };
  },
};

const stopsAtDelivered: Check = {
  id: 'stops-at-delivered',
  title: 'Stop when, and only when, the order is delivered',
  hint: 'Keep waiting for updates until a read says "delivered"; then (after resources/unsubscribe, if you like) close the server\'s stdin.',
  run(run) {
    const t = target(run);
    if (!t) return notReached('There was no order to watch (see the subscribes check).');
    const reads = statusReads(run, t.uri);
    const done = reads.find((r) => r.status === 'delivered');
    const last = reads.at(-1);
    if (run.verdict === 'timeout') {
      if (!done)
        return notReached(
          'The run was stopped before any read said "delivered" (see the other checks).',
        );
      return {
        ok: false,
        frame: done.answer.frame.seq,
        message: say`Your read in ${frameRef(done.answer.frame.seq)} said "delivered", but your client went on waiting until the harness stopped it: nothing more will come. Close the server's stdin then.`,
      };
    }
    if (!done) {
      return {
        ok: false,
        ...(last ? { frame: last.answer.frame.seq } : {}),
        message: last
          ? say`Your client stopped when its last read (${frameRef(last.answer.frame.seq)}) said ${quote(last.status)}: the order was not delivered yet. Keep waiting for notifications/resources/updated until a read says "delivered".`
          : say`Your client stopped without reading ${quote(t.uri)} at all.`,
      };
    }
    return {
      ok: true,
      frame: done.answer.frame.seq,
      message: say`You stopped after ${frameRef(done.answer.frame.seq)} said "delivered".`,
    };
  },
};

export const checks: Check[] = [
  ...rawClientBasics([
    'initialize',
    'ping',
    'notifications/initialized',
    'notifications/cancelled',
    'resources/list',
    'resources/templates/list',
    'resources/read',
    'resources/subscribe',
    'resources/unsubscribe',
  ]),
  subscribes,
  rereads,
  readsWholeLines,
  printsStatuses,
  stopsAtDelivered,
  cleanExit,
];

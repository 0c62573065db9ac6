// Ids tie a reply to its request, so the rules about them are about pairing: a notification
// has none, a request has its own (never null, never used again by the same side in one
// session), every reply answers a request that is waiting, and every request gets one reply.
// Pairing itself is the wire module's (sandbox/wire/pair.ts).
import { frameRef, say } from '../../checks/say.ts';
import { gluedMessage } from '../../checks/stray-lines.ts';
import type { Message } from '../../wire/read.ts';
import type { Direction } from '../../wire/record.ts';
import type { Hit, Rule } from '../rule.ts';
import { other, sender, type Read, type Request, type Session } from '../session.ts';
import { isNullIdRequest } from './framing.ts';

const idOf = (m: Message | undefined) => (m && 'id' in m ? m.id : undefined);

export const notificationId: Rule = {
  id: 'notification-id',
  find: (session) =>
    (['c2s', 's2c'] as const).flatMap((dir) =>
      session.conv
        .requests(dir)
        .filter((r) => r.message.method.startsWith('notifications/'))
        .map((r) => ({
          seq: r.frame.seq,
          message: say`The ${sender(dir)}'s ${frameRef(r.frame.seq)} sends ${r.message.method} with "id": ${JSON.stringify(r.message.id)}. A notification has no id; with one it is a request for a method that does not exist.`,
        })),
    ),
};

/**
 * Which session a request belongs to: over HTTP the Mcp-Session-Id it carries (for an
 * initialize, the one its answer issued), so two sessions through one tap keep their ids
 * apart; else the latest initialize the server took in, which starts a session.
 */
function sessionKey(session: Session, inits: readonly Read[], r: Read): string {
  const ex = session.exchangeOf(r);
  const id = ex?.headers['mcp-session-id'] ?? ex?.response?.frame.http?.headers['mcp-session-id'];
  if (id !== undefined) return `http ${id}`;
  return `after ${inits.filter((init) => init.frame.seq <= r.frame.seq).length}`;
}

export const requestId: Rule = {
  id: 'request-id',
  find: (session) => {
    const hits: Hit[] = session.reads.filter(isNullIdRequest).map((r) => ({
      seq: r.frame.seq,
      message: say`The ${sender(r.frame.dir)}'s ${frameRef(r.frame.seq)} has "id": null. In MCP an id is a string or an integer; a request with a null id is dropped, and a notification has no id member at all.`,
    }));
    const inits = session.initializes();
    for (const dir of ['c2s', 's2c'] as const) {
      const seen = new Map<string, Request>();
      for (const r of session.conv.requests(dir)) {
        // typeof keeps 1 and "1" apart, as JSON-RPC does.
        const key = `${sessionKey(session, inits, r)}|${typeof r.message.id}|${String(r.message.id)}`;
        const first = seen.get(key);
        if (first) {
          hits.push({
            seq: r.frame.seq,
            message: say`The ${sender(dir)}'s ${frameRef(r.frame.seq)} (${r.message.method}) reuses id ${JSON.stringify(r.message.id)} from ${frameRef(first.frame.seq)} (${first.message.method}). The answers cannot be told apart; every request needs an id not used before in the session.`,
          });
        } else seen.set(key, r);
      }
    }
    return hits;
  },
};

export const replyToNothing: Rule = {
  id: 'reply-to-nothing',
  find: (session) =>
    session.conv.reads.flatMap((r): Hit[] => {
      if (r.kind !== 'response' || r.id === undefined || r.pairedWith !== undefined) return [];
      const asker = other(r.frame.dir);
      const earlier = session.conv.requests(asker).filter((q) => q.frame.seq < r.frame.seq);
      const same = earlier.filter((q) => q.message.id === r.id).at(-1);
      const looser = earlier.filter((q) => String(q.message.id) === String(r.id)).at(-1);
      const id = JSON.stringify(r.id);
      const why = same
        ? say`the ${sender(asker)}'s request with that id (${frameRef(same.frame.seq)}) was already answered in ${frameRef(session.conv.responseTo(same)?.frame.seq ?? same.frame.seq)}`
        : looser
          ? say`the ${sender(asker)}'s request in ${frameRef(looser.frame.seq)} has id ${JSON.stringify(looser.message.id)}, another type: a reply carries the id exactly as it was sent`
          : say`the ${sender(asker)} sent no request with that id`;
      return [
        {
          seq: r.frame.seq,
          message: say`The ${sender(r.frame.dir)}'s ${frameRef(r.frame.seq)} answers id ${id}, but ${why}. A reply to no waiting request answers nothing.`,
        },
      ];
    }),
};

/**
 * The ids of replies a rule other than unanswered names: a reply glued behind stray text
 * (glued-message) and a reply whose id has another type ("2" for 2, reply-to-nothing).
 */
function namedElsewhere(session: Session, dir: Direction): Set<string> {
  const out = new Set<string>();
  for (const a of session.all.from(other(dir))) {
    const glued = a.kind === 'not-json' ? idOf(gluedMessage(a.frame.text)?.message) : undefined;
    if (glued !== undefined) out.add(`${typeof glued}|${String(glued)}`);
    if (a.kind === 'response' && a.id !== undefined && a.pairedWith === undefined) {
      out.add(`loose|${String(a.id)}`);
    }
  }
  return out;
}

export const unanswered: Rule = {
  id: 'unanswered',
  find: (session) => {
    const cancelled = session.cancelled();
    return (['c2s', 's2c'] as const).flatMap((dir) => {
      const elsewhere = namedElsewhere(session, dir);
      return session.conv
        .requests(dir)
        .filter((r) => {
          if (session.conv.responseTo(r) || cancelled.has(r.frame.seq)) return false;
          const id = r.message.id;
          return (
            !elsewhere.has(`${typeof id}|${String(id)}`) && !elsewhere.has(`loose|${String(id)}`)
          );
        })
        .map((r) => ({
          seq: r.frame.seq,
          message: say`The ${sender(dir)}'s ${frameRef(r.frame.seq)} (${r.message.method}, id ${JSON.stringify(r.message.id)}) never got an answer: no result and no error with its id came back, and no cancel took it back. Every request gets exactly one reply; its sender waits until it gives up.`,
        }));
    });
  },
};

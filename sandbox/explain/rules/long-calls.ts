// A long call: progress comes under the request's token while it is in flight, and
// a cancel names a request of its own side that is still in flight, never initialize.
import { progressTokenOf } from '../../checks/long-call.ts';
import { paramsOf } from '../../checks/query.ts';
import { frameRef, say } from '../../checks/say.ts';
import { json } from '../../checks/words.ts';
import type { Hit, Rule } from '../rule.ts';
import { other, sameId, sender, type Session } from '../session.ts';

const notificationsOf = (session: Session, method: string) =>
  session.conv.reads.filter(
    (r) => r.message?.kind === 'notification' && r.message.method === method,
  );

export const progressAfterResult: Rule = {
  id: 'progress-after-result',
  find: (session) =>
    notificationsOf(session, 'notifications/progress').flatMap((p): Hit[] => {
      const token = paramsOf(p).progressToken;
      if (token === undefined) return [];
      const call = session.conv
        .requests(other(p.frame.dir))
        .filter((r) => r.frame.seq < p.frame.seq && progressTokenOf(r) === token)
        .at(-1);
      const reply = call && session.conv.responseTo(call);
      if (!call || !reply || reply.frame.seq > p.frame.seq) return [];
      return [
        {
          seq: p.frame.seq,
          message: say`The ${sender(p.frame.dir)}'s ${frameRef(p.frame.seq)} reports progress under token ${json(token)} after ${frameRef(reply.frame.seq)} already answered its request (${frameRef(call.frame.seq)}, ${call.message.method}). Progress belongs to a request in flight: once the reply is sent, nothing more comes under its token.`,
        },
      ];
    }),
};

/** Each cancel with the request it names (the latest of its side with that id, if any). */
function cancels(session: Session) {
  return notificationsOf(session, 'notifications/cancelled').map((cancel) => {
    const id = paramsOf(cancel).requestId;
    const named = session.conv
      .requests(cancel.frame.dir)
      .filter((r) => r.frame.seq < cancel.frame.seq && sameId(id, r.message.id))
      .at(-1);
    return { cancel, id, named };
  });
}

export const cancelNotInFlight: Rule = {
  id: 'cancel-not-in-flight',
  find: (session) =>
    cancels(session).flatMap(({ cancel, id, named }): Hit[] => {
      if (named?.message.method === 'initialize') return [];
      const who = sender(cancel.frame.dir);
      if (!named) {
        return [
          {
            seq: cancel.frame.seq,
            message: say`The ${who}'s ${frameRef(cancel.frame.seq)} cancels request ${json(id)}, but the ${who} sent no request with that id (same value, same type). A cancel names a request of its own side, by its id exactly as sent.`,
          },
        ];
      }
      const reply = session.conv.responseTo(named);
      if (!reply || reply.frame.seq > cancel.frame.seq) return [];
      return [
        {
          seq: cancel.frame.seq,
          message: say`The ${who}'s ${frameRef(cancel.frame.seq)} cancels request ${json(id)} (${frameRef(named.frame.seq)}, ${named.message.method}), which ${frameRef(reply.frame.seq)} had already answered: it was no longer in flight. A cancel names a request still in progress; the receiver may ignore a late one, and here there was nothing left to stop.`,
        },
      ];
    }),
};

export const cancelInitialize: Rule = {
  id: 'cancel-initialize',
  find: (session) =>
    cancels(session)
      .filter(({ named }) => named?.message.method === 'initialize')
      .map(({ cancel, named }) => ({
        seq: cancel.frame.seq,
        message: say`The client's ${frameRef(cancel.frame.seq)} cancels initialize (${frameRef(named!.frame.seq)}). initialize must never be cancelled: a client that gives up on the handshake closes the connection instead.`,
      })),
};

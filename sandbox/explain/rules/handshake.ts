// The 2025 lifecycle: initialize, nothing but ping until its result, notifications/initialized
// before any other request, and a client answered a version it cannot speak hangs up.
// Requests before any initialize are named here only when an initialize follows; a session
// with none is a 2026-07-28 one, and the envelope rule judges it.
import { frameRef, say } from '../../checks/say.ts';
import { stringOf } from '../../checks/string-of.ts';
import { resultOf } from '../../checks/query.ts';
import type { Hit, Rule } from '../rule.ts';
import type { Read, Session } from '../session.ts';
import { hasEnvelope } from './envelope.ts';

/** The published revisions, oldest first; dates compare as strings. */
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

const isPing = (r: Read) => r.message?.kind === 'request' && r.message.method === 'ping';
const methodOf = (r: Read) => (r.message && 'method' in r.message ? r.message.method : '');

/** Each initialize with its answer and what the client sent after it, up to the next one. */
function handshakes(session: Session) {
  const inits = session.initializes();
  return inits.map((init, i) => {
    const answer = session.conv.responseTo(init);
    const next = inits[i + 1]?.frame.seq ?? Infinity;
    const after = session.conv
      .messages('c2s')
      .filter((r) => r.frame.seq > (answer?.frame.seq ?? Infinity) && r.frame.seq < next);
    return { init, answer, after };
  });
}

export const beforeInitializeResult: Rule = {
  id: 'before-initialize-result',
  find: (session) => {
    const hits: Hit[] = [];
    const first = session.all.requests('c2s').find((r) => r.message.method === 'initialize');
    if (!first) return hits;
    // A request the transport refused was still sent too early: read them all here.
    const early = session.all
      .requests('c2s')
      .find(
        (r) =>
          r.frame.seq < first.frame.seq &&
          !isPing(r) &&
          r.message.method !== 'initialize' &&
          !hasEnvelope(r),
      );
    if (early) {
      hits.push({
        seq: early.frame.seq,
        message: say`The client's ${frameRef(early.frame.seq)} (${methodOf(early)}) comes before initialize (${frameRef(first.frame.seq)}); only ping may.`,
      });
    }
    for (const { init, answer } of handshakes(session)) {
      if (!answer) continue;
      const soon = session.conv
        .requests('c2s')
        .find((r) => r.frame.seq > init.frame.seq && r.frame.seq < answer.frame.seq && !isPing(r));
      if (!soon) continue;
      hits.push({
        seq: soon.frame.seq,
        message: say`The client's ${frameRef(soon.frame.seq)} (${methodOf(soon)}) was sent before the initialize result arrived (${frameRef(answer.frame.seq)}). Until then the session is not set up; only ping may be sent.`,
      });
    }
    return hits;
  },
};

export const missingInitialized: Rule = {
  id: 'no-initialized',
  find: (session) =>
    handshakes(session).flatMap(({ answer, after }): Hit[] => {
      if (!answer || answer.failureKind !== 'ok') return [];
      const initialized = after.find((r) => methodOf(r) === 'notifications/initialized');
      const before = after.find(
        (r) =>
          r.message?.kind === 'request' &&
          !isPing(r) &&
          (!initialized || r.frame.seq < initialized.frame.seq),
      );
      if (!before) return [];
      return [
        {
          seq: before.frame.seq,
          message: initialized
            ? say`The client's ${frameRef(before.frame.seq)} (${methodOf(before)}) comes before notifications/initialized (${frameRef(initialized.frame.seq)}); the notification tells the server the session is ready, and goes first.`
            : say`The client never sent notifications/initialized after the initialize result (${frameRef(answer.frame.seq)}), yet its ${frameRef(before.frame.seq)} (${methodOf(before)}) went on as if the session were ready.`,
        },
      ];
    }),
};

export const versionNotHungUp: Rule = {
  id: 'version-not-hung-up',
  find: (session) =>
    handshakes(session).flatMap(({ init, answer, after }): Hit[] => {
      const offered = stringOf(init.message.params?.protocolVersion);
      const answered = stringOf(resultOf(answer)?.protocolVersion);
      if (!answer || !offered || !answered || answered === offered) return [];
      // An older answer may be one the client speaks: only the wire cannot tell. A newer one
      // is beyond the newest it offered, and an unpublished one no client speaks.
      const newer = answered > offered;
      if (!newer && REVISIONS.includes(answered)) return [];
      const next = after[0];
      if (!next) return [];
      return [
        {
          seq: next.frame.seq,
          message: say`The server answered protocolVersion ${JSON.stringify(answered)} (${frameRef(answer.frame.seq)}) to an offer of ${JSON.stringify(offered)} (${frameRef(init.frame.seq)}): ${newer ? 'newer than the newest the client offered' : 'no published revision'}, so the client cannot speak it. It should have hung up; instead its ${frameRef(next.frame.seq)} (${methodOf(next)}) carried on.`,
        },
      ];
    }),
};

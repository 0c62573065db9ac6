// 2026-07-28 has no handshake: every request carries the _meta envelope. In a
// session with no initialize that shows 2026-07-28 anywhere, every request is held to the
// envelope with the checks' own words (envelopeProblem); one with initialize is a 2025 one.
import { envelopeProblem, META_KEYS } from '../../checks/meta-envelope.ts';
import { paramsOf } from '../../checks/query.ts';
import { isObject } from '../../checks/run-story.ts';
import { frameRef, say } from '../../checks/say.ts';
import type { Hit, Rule } from '../rule.ts';
import type { Request, Session } from '../session.ts';

/** The version the request's envelope names, if it carries one. */
function envelopeVersion(r: Request): string | undefined {
  const meta = paramsOf(r)._meta;
  const v = isObject(meta) ? meta[META_KEYS.version] : undefined;
  return typeof v === 'string' ? v : undefined;
}

export const hasEnvelope = (r: Request): boolean => envelopeVersion(r) !== undefined;

/** -32022, unsupported protocol version: a 2026-07-28 server's answer to a request it cannot place. */
const UNSUPPORTED_VERSION = -32022;

/**
 * Does the session speak 2026-07-28? Some request of it carries the envelope, or the server
 * answers as a 2026-07-28 server does (resultType, -32022). A log cut from the middle of a
 * 2025 session has neither, and no initialize either: it is not held to the envelope.
 */
function speaks2026(session: Session): boolean {
  return (
    session.conv.requests('c2s').some(hasEnvelope) ||
    session.conv.reads.some(
      (r) =>
        r.frame.dir === 's2c' &&
        ((r.message?.kind === 'result' && 'resultType' in r.message.result) ||
          (r.message?.kind === 'error' && r.message.error.code === UNSUPPORTED_VERSION)),
    )
  );
}

export const metaEnvelope: Rule = {
  id: 'meta-envelope',
  find: (session) => {
    if (session.initializes().length > 0 || !speaks2026(session)) return [];
    return session.conv.requests('c2s').flatMap((r): Hit[] => {
      if (r.message.method === 'ping') return [];
      // The envelope's own version is what the request speaks; whether the server serves it
      // is the server's answer to give.
      const problem = envelopeProblem(r, envelopeVersion(r) ?? '2026-07-28');
      if (!problem) return [];
      return [
        {
          seq: r.frame.seq,
          message: say`The client's ${frameRef(r.frame.seq)} (${r.message.method}) ${problem}. No initialize came before it, so it speaks 2026-07-28, where every request carries the envelope: without it a server answers in the old revision or refuses it.`,
        },
      ];
    });
  },
};

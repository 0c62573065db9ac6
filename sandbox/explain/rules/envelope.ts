// 2026-07-28 has no handshake: every request carries the _meta envelope (lesson 11). A request
// no initialize came before is read as a 2026-07-28 one, and held to the envelope with the
// checks' own words (envelopeProblem); a session that opens with initialize is a 2025 one.
import { envelopeProblem, META_KEYS } from '../../checks/meta-envelope.ts';
import { paramsOf } from '../../checks/query.ts';
import { isObject } from '../../checks/run-story.ts';
import { frameRef, say } from '../../checks/say.ts';
import type { Hit, Rule } from '../rule.ts';
import type { Request } from '../session.ts';

/** The version the request's envelope names, if it carries one. */
function envelopeVersion(r: Request): string | undefined {
  const meta = paramsOf(r)._meta;
  const v = isObject(meta) ? meta[META_KEYS.version] : undefined;
  return typeof v === 'string' ? v : undefined;
}

export const hasEnvelope = (r: Request): boolean => envelopeVersion(r) !== undefined;

export const metaEnvelope: Rule = {
  id: 'meta-envelope',
  lesson: { slug: 'what-changes-next', anchor: 'a-request-without-the-envelope' },
  find: (session) => {
    const first = session.initializes()[0];
    return session.conv.requests('c2s').flatMap((r): Hit[] => {
      if (first) return [];
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

// How a 2026-07-28 client starts, as checks: no initialize (the revision has no handshake and
// no session), server/discover as its first request and nothing more until the answer says
// the server speaks the revision, and the _meta envelope on every request. Every client of
// that revision owes the server these whatever its task, as a 2025 client owes it the
// handshake (handshake.ts); an exercise puts them in its list before its own checks. The
// server they speak of is the course's 2026 server, Paper Trail v2.
import type { Check } from '../contract/check.ts';
import { errorOf } from './error-of.ts';
import { quote } from './frames.ts';
import { howAnswered } from './how-answered.ts';
import { envelopeProblem, META_KEYS } from './meta-envelope.ts';
import { unjudged } from './not-reached-at.ts';
import { fail, pass } from './outcome.ts';
import { replyTo, resultOf } from './query.ts';
import { conversation } from './run-story.ts';
import { frameRef, say } from './say.ts';

const { version: PV, capabilities: CAPS, info: INFO } = META_KEYS;

const noInitialize = (version: string): Check => ({
  id: 'no-initialize',
  title: 'No initialize, no notifications/initialized',
  hint: `${version} has no handshake: start with server/discover and send what initialize carried in every request’s params._meta.`,
  run(run) {
    const sent = conversation(run).messages('c2s');
    if (sent.length === 0)
      return unjudged`Your client sent nothing, so there was nothing to judge.`;
    const init = sent.find(
      (r) => r.method === 'initialize' || r.method === 'notifications/initialized',
    );
    if (!init) return pass('Your client sent neither initialize nor notifications/initialized.');
    const answer = replyTo(run, init);
    const served = resultOf(answer);
    const then =
      init.method === 'initialize' && served
        ? say` Paper Trail v2 took it for a 2025-11-25 client and answered in ${frameRef(answer!.frame.seq)} with protocolVersion ${quote(String(served.protocolVersion))}: from then on the whole connection spoke the old revision.`
        : answer
          ? say` It ${howAnswered(answer)}.`
          : '';
    return fail`Your ${frameRef(init.frame.seq)} sends ${init.method ?? ''}, which ${version} no longer has: there is no handshake and no session.${then}`;
  },
});

const discoverFirst = (version: string): Check => ({
  id: 'discover-first',
  title: `Ask server/discover first, and wait for ${version} in its answer`,
  hint: `Send server/discover (with params._meta) as your first request, and send tools/call only after its answer lists "${version}" in supportedVersions.`,
  run(run) {
    const requests = conversation(run).requests('c2s');
    if (requests.length === 0) return unjudged`Your client sent no requests.`;
    const discover = requests.find((r) => r.message.method === 'server/discover');
    if (!discover)
      return fail`Your client never sent server/discover; its first request was ${requests[0]!.message.method} (${frameRef(requests[0]!.frame.seq)}). On ${version} server/discover is how a client learns which revisions the server speaks before it relies on one.`;
    const n = discover.frame.seq;
    const answer = replyTo(run, discover);
    const versions = resultOf(answer)?.supportedVersions;
    if (!answer || !Array.isArray(versions) || !versions.includes(version)) {
      const why = errorOf(answer)
        ? ' Without a valid _meta envelope on it, Paper Trail v2 reads the connection as a 2025-11-25 one (see the meta-envelope check).'
        : '';
      return fail`Your server/discover (${frameRef(n)}) ${howAnswered(answer)}, not with supportedVersions holding "${version}".${why}`;
    }
    const early = requests.find(
      (r) => r.frame.seq < n || (r !== discover && r.frame.seq < answer.frame.seq),
    );
    if (early)
      return fail`Your ${frameRef(early.frame.seq)} (${early.message.method}) was sent before server/discover was answered (${frameRef(answer.frame.seq)}): wait for the server to say it speaks ${version} before you speak it.`;
    return pass`server/discover (${frameRef(n)}) came first, and ${frameRef(answer.frame.seq)} offered ${version}.`;
  },
});

const metaEnvelope = (version: string): Check => ({
  id: 'meta-envelope',
  title: 'Every request carries the _meta envelope',
  hint: `Put {"${PV}":"${version}","${CAPS}":{…},"${INFO}":{"name":…,"version":…}} in params._meta of every request.`,
  run(run) {
    const requests = conversation(run).requests('c2s');
    if (requests.length === 0) return unjudged`Your client sent no requests.`;
    for (const r of requests) {
      if (r.message.method === 'initialize') continue; // the no-initialize check's subject
      const problem = envelopeProblem(r, version);
      if (problem)
        return fail`Your ${frameRef(r.frame.seq)} (${r.message.method}) ${problem}. It ${howAnswered(replyTo(run, r))}.`;
    }
    const all =
      requests.length === 1
        ? 'Your one request carries'
        : `All ${requests.length} of your requests carry`;
    return pass(`${all} "${PV}": "${version}", "${CAPS}" and "${INFO}".`);
  },
});

/** The checks of how a client of `version` (2026-07-28) starts, in the order they are told. */
export function discoveryChecks(version: string): Check[] {
  return [noInitialize(version), discoverFirst(version), metaEnvelope(version)];
}

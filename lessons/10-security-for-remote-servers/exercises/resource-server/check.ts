// Checks for resource-server: the learner's authorize() guards a gateway in front of Paper
// Trail. The read-only driver plays one request per case with tokens minted for this run (so a
// guard that compares against a token it saw once lets nothing in) and reports what came back
// (@@case lines: status, WWW-Authenticate, whether the request was passed on); a request that
// got through is also found in the frames Paper Trail received, so "let through" names it.
//
// Each check is one rule of the task, judged on every case on that rule's edge: the plain case,
// the same request with a second rule broken too (the order of the rules decides the answer),
// and values that are nearly right (another port, a scope that starts like the one needed, an
// audience on the same origin). A guard written case by case against the plain cases fails.
import {
  bearerChallenge,
  caseTable,
  clip,
  driverReports,
  fail,
  frameRef,
  pass,
  requestById,
  say,
  stringOf,
  unjudged,
  whyDriverStopped,
  type Check,
  type RunRecord,
  type Said,
} from '../../../../sandbox/checks/index.ts';

const SCOPE = 'orders:read';
const OTHER_SERVER = 'https://mail.paper-trail.example/mcp';

interface Case {
  id: string;
  status?: number;
  forwarded?: boolean;
  wwwAuthenticate?: string;
}

/** What a case must get: through to Paper Trail, 401 with the challenge, or a kind of 403. */
type Expected = 'allowed' | 'unauthenticated' | 'forbidden' | 'insufficient-scope';
/** A rule's cases (names in CASES) by what they must get, in order. */
type Probes = Partial<Record<Expected, string[]>>;

const metadataUrl = (run: RunRecord) =>
  stringOf(driverReports(run.program.stdout, 'site')[0]?.value.metadataUrl);

/** The frame in which Paper Trail received this case's request, if it got through. */
const arrival = (run: RunRecord, c: Case) => requestById(run, c.id)?.frame.seq;

/** What happened, in a few words with the status. */
function seen(run: RunRecord, c: Case): Said {
  const at = arrival(run, c);
  if (c.forwarded && at !== undefined)
    return say`your guard let it through: Paper Trail received it as ${frameRef(at)}`;
  if (c.forwarded) return say`your guard let it through to Paper Trail (HTTP ${c.status ?? '?'})`;
  // The header as it was sent, not as a JSON string: its own quotes are the point.
  const header = c.wwwAuthenticate
    ? ` with WWW-Authenticate: ${clip(c.wwwAuthenticate.replace(/\p{Cc}/gu, ' '), 200)}`
    : ` with no WWW-Authenticate header`;
  return say`it got HTTP ${c.status ?? '?'}${header}`;
}

/**
 * What is wrong with one case's answer, as the words after "The request … : what happened",
 * or null when it is what the rule asks for.
 */
function judgeCase(run: RunRecord, c: Case, expect: Expected): string | null {
  const refused = !c.forwarded && c.status !== undefined && (c.status < 200 || c.status >= 300);
  const challenge = bearerChallenge(c.wwwAuthenticate);
  if (expect === 'allowed') {
    if (c.forwarded && c.status !== undefined && c.status >= 200 && c.status < 300) return null;
    if (c.forwarded) return `, but Paper Trail answered HTTP ${c.status ?? '?'}.`;
    return `. Expected it to reach Paper Trail: the token is signed by the authorization server, names this server as its audience, has scope ${SCOPE} and has not expired.`;
  }
  if (expect === 'forbidden' || expect === 'insufficient-scope') {
    if (expect === 'insufficient-scope' && c.status === 401 && !c.forwarded)
      return '. 401 tells the client its token is bad and it would fetch the same token again; the token is good, only not enough: 403 with error="insufficient_scope".';
    if (c.status !== 403 || c.forwarded) return '. Expected HTTP 403 and nothing passed on.';
    if (expect === 'forbidden') return null;
    const error = challenge?.get('error')?.value;
    const scope = challenge?.get('scope');
    if (error !== 'insufficient_scope' || !scope?.value.split(' ').includes(SCOPE))
      return `. The 403 must say why and what would do: WWW-Authenticate: Bearer error="insufficient_scope", scope="${SCOPE}".`;
    if (!scope.quoted)
      return `. A URL or a scope with ":" in it is not an HTTP token, so the parameter's value must be in double quotes: scope="${SCOPE}".`;
    return null;
  }
  if (!refused) return '. Expected HTTP 401 and nothing passed on.';
  if (c.status === 403)
    return '. 403 tells the client its token is good but not enough, so it would ask for more scope with the same bad credentials; a token that is missing, forged, expired or meant for another server is 401, so the client fetches a new one.';
  if (c.status !== 401) return '. Expected HTTP 401 (unauthenticated).';
  const want = metadataUrl(run) ?? '?';
  if (!challenge)
    return '. A 401 must carry a WWW-Authenticate challenge with the Bearer scheme, or the client cannot tell how to authenticate.';
  const named = challenge.get('resource_metadata');
  if (named?.value !== metadataUrl(run))
    return `. The Bearer challenge must name this server's metadata as resource_metadata="${want}": that document is where the client learns which authorization server to ask.`;
  if (!named?.quoted)
    return `. A URL is not an HTTP token (it holds ":" and "/"), so the parameter's value must be in double quotes: resource_metadata="${want}".`;
  return null;
}

/** A rule judged on its cases in order: the first wrong answer, or the rule's own summary. */
function rule(check: Omit<Check, 'run'> & { passes: string; probes: Probes }): Check {
  const { passes, probes, ...rest } = check;
  const judged = Object.entries(probes).flatMap(([expect, names]) =>
    names.map((name) => ({ name, expect: expect as Expected })),
  );
  return {
    ...rest,
    run(run) {
      const reported = caseTable<Case>(run, { strings: ['id'] });
      for (const { name, expect } of judged) {
        const c = reported.get(name);
        if (!c)
          return unjudged`The driver never reported the "${name}" request.${whyDriverStopped(run, 'authorize()')}`;
        const wrong = judgeCase(run, c, expect);
        const at = c.forwarded ? arrival(run, c) : undefined;
        if (wrong) return fail(say`The request ${CASES[name]}: ${seen(run, c)}${wrong}`, at);
      }
      return pass(passes);
    },
  };
}

const ANOTHER = `whose audience is ${OTHER_SERVER}, another server`;
const NO_SCOPE = `whose scope is only "profile" (no ${SCOPE})`;

/** What each case the driver plays is, as the words that finish "The request …". */
const CASES: Record<string, string> = {
  good: 'with a valid token (Authorization: Bearer …)',
  'session-with-token': 'in the session it opened, with the same token',
  'scope-first': `with a valid token whose scope lists ${SCOPE} first ("${SCOPE} profile")`,
  'lowercase-scheme': 'with a valid token sent as "Authorization: bearer …" (lower case)',
  'no-token': 'with no Authorization header',
  forged: 'with a token signed by someone other than the authorization server',
  'forged-no-scope': `with a forged token ${NO_SCOPE}: a token nobody signed is no token, whatever it lacks`,
  'wrong-audience': `with a genuine token ${ANOTHER}`,
  'audience-same-origin':
    'with a genuine token whose audience is /admin on this very host and port: the same origin, another resource',
  'wrong-audience-no-scope': `with a genuine token ${ANOTHER} and ${NO_SCOPE}: it is not a token for this server at all, so it is 401 before any scope is read`,
  expired: 'with a genuine token for this server that expired a minute ago',
  'expired-no-scope': `with a genuine token for this server that expired a minute ago, ${NO_SCOPE}: an expired token is no longer valid, so it is 401 before any scope is read`,
  'missing-scope': `with a genuine, current token for this server ${NO_SCOPE}`,
  'scope-longer': `with a genuine, current token whose scope is "profile ${SCOPE}-history": that is another scope that only starts like ${SCOPE}`,
  'scope-shorter': `with a genuine, current token whose scope is "profile orders": "orders" is part of the name ${SCOPE}, not that scope`,
  'query-token':
    'with a valid token in the query string (/mcp?access_token=…) and no Authorization header',
  'token-in-other-header':
    'with a valid token in an X-Access-Token header and no Authorization header',
  'foreign-host': 'with a valid token and Host: evil.example (DNS rebinding)',
  'foreign-origin': 'with a valid token and Origin: http://evil.example',
  'foreign-host-no-token':
    'with Host: evil.example and no token: the request is not for this server, so it is 403 before any token is read',
  'foreign-origin-forged':
    'with a forged token and Origin: http://evil.example: a foreign Origin is 403 whatever token it carries',
  'host-other-port':
    'with a valid token and Host: localhost on another port: a Host names a host and a port, and this server listens on one port only',
  'own-origin': 'with a valid token and Origin: http://localhost:<port>, one of site.origins',
  'session-no-token': 'with the Mcp-Session-Id of an open session and no Authorization header',
};

export const checks: Check[] = [
  rule({
    id: 'lets-good-token-in',
    title: 'A valid token for this server gets through, in and out of a session',
    hint: 'Tokens are minted anew on every run; accept any token that readToken() verifies and whose claims fit, not one you have seen.',
    passes: 'Valid tokens get through, the session too.',
    probes: { allowed: ['good', 'session-with-token', 'scope-first'] },
  }),
  rule({
    id: 'bearer-any-case',
    title: 'The scheme name "Bearer" is matched without regard to case',
    hint: 'HTTP authentication scheme names are case-insensitive: "bearer", "Bearer" and "BEARER" are one scheme.',
    passes: 'The scheme name "bearer" in lower case is accepted.',
    probes: { allowed: ['lowercase-scheme'] },
  }),
  rule({
    id: 'challenge-without-token',
    title: 'No token: 401 with a Bearer challenge naming the metadata',
    hint: 'The client learns how to get a token from your 401: WWW-Authenticate: Bearer resource_metadata="<site.metadataUrl>".',
    passes: 'No token: 401 with a Bearer challenge naming the metadata.',
    probes: { unauthenticated: ['no-token'] },
  }),
  rule({
    id: 'checks-signature',
    title: 'A token the authorization server did not sign is refused',
    hint: 'A header that says Bearer is not a token you can trust: ask readToken() and refuse when it returns null.',
    passes: 'Forged tokens get 401, whatever scope they claim.',
    probes: { unauthenticated: ['forged', 'forged-no-scope'] },
  }),
  rule({
    id: 'checks-audience',
    title: 'A token issued for another server is refused',
    hint: 'A verified token is not yet a token for you: its aud must be exactly site.resource.',
    passes: 'Tokens for other servers get 401, the one on this origin too.',
    probes: {
      unauthenticated: ['wrong-audience', 'audience-same-origin', 'wrong-audience-no-scope'],
    },
  }),
  rule({
    id: 'checks-expiry',
    title: 'An expired token is refused',
    hint: 'exp is in seconds since the epoch; compare it with site.now(), before you look at the scope.',
    passes: 'Expired tokens get 401, whatever scope they carry.',
    probes: { unauthenticated: ['expired', 'expired-no-scope'] },
  }),
  rule({
    id: 'scope-step-up',
    title: 'A valid token without the scope: 403 insufficient_scope naming the scope',
    hint: 'A token that is fine but lacks scope gets 403 with WWW-Authenticate: Bearer error="insufficient_scope", scope="<site.scope>": the client then asks for that scope (step-up). Scopes are whole words of a space-separated list.',
    passes: 'A token without the scope: 403 insufficient_scope naming the scope.',
    probes: { 'insufficient-scope': ['missing-scope', 'scope-longer', 'scope-shorter'] },
  }),
  rule({
    id: 'header-only',
    title: 'A token anywhere but the Authorization header is no token',
    hint: 'Read the token from the Authorization header and nowhere else: a URL ends up in logs, history and Referer headers.',
    passes: 'Tokens outside the Authorization header count as no token.',
    probes: { unauthenticated: ['query-token', 'token-in-other-header'] },
  }),
  rule({
    id: 'rebinding',
    title: 'A request naming another Host or Origin is refused with 403',
    hint: 'Check Host (with its port) against site.hosts and, when there is one, Origin against site.origins, before anything else: neither a valid token nor a missing one changes that answer.',
    passes:
      'Foreign Host, port and Origin: 403, with or without a token; this server’s own Origin gets through.',
    probes: {
      forbidden: [
        'foreign-host',
        'foreign-origin',
        'foreign-host-no-token',
        'foreign-origin-forged',
        'host-other-port',
      ],
      allowed: ['own-origin'],
    },
  }),
  rule({
    id: 'session-is-not-a-credential',
    title: 'A session id without a token is refused',
    hint: 'Every request needs its token, the ones inside a session too: a session id is not a credential.',
    passes: 'A session id without a token: 401.',
    probes: { unauthenticated: ['session-no-token'] },
  }),
];

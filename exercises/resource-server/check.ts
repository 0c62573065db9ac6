// Checks for resource-server: the learner's authorize() guards a gateway in front of Paper
// Trail. The read-only driver plays one request per case with tokens minted for this run and
// reports what came back (@@case lines: status, WWW-Authenticate, whether the gateway passed
// the request on); a request that got through is also found in the frames Paper Trail received,
// so "let through" names the frame. Tokens differ on every run (subject, expiry, jti), so a
// guard that compares against a token it saw once lets nothing in.
import { frameRef, say } from '../../sandbox/checks/say.ts';
import { conversation } from '../../sandbox/checks/client-checks.ts';
import { quote } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { driverReports, whyDriverStopped } from '../../sandbox/checks/driver-reports.ts';
import type { Check, Outcome, RunRecord, Said } from '../../sandbox/contract/check.ts';

const SCOPE = 'orders:read';

interface Case {
  case: string;
  id: string;
  status?: number;
  forwarded?: boolean;
  wwwAuthenticate?: string;
  failed?: string;
}

function cases(run: RunRecord): Map<string, Case> {
  const out = new Map<string, Case>();
  for (const { value } of driverReports(run.program.stdout, 'case')) {
    if (typeof value.case === 'string' && typeof value.id === 'string')
      out.set(value.case, value as unknown as Case);
  }
  return out;
}

function metadataUrl(run: RunRecord): string | undefined {
  const site = driverReports(run.program.stdout, 'site')[0]?.value;
  return typeof site?.metadataUrl === 'string' ? site.metadataUrl : undefined;
}

/** The frame in which Paper Trail received this case's request, if it got through. */
function arrival(run: RunRecord, c: Case): number | undefined {
  return conversation(run)
    .from('c2s')
    .find((r) => r.message?.kind === 'request' && r.message.id === c.id)?.frame.seq;
}

/** What happened, in a few words with the status. */
function seen(run: RunRecord, c: Case): Said {
  const at = arrival(run, c);
  if (c.forwarded) {
    return at === undefined
      ? say`your guard let it through to Paper Trail (HTTP ${c.status ?? '?'})`
      : say`your guard let it through: Paper Trail received it as ${frameRef(at)}`;
  }
  const header = c.wwwAuthenticate
    ? say` with WWW-Authenticate: ${quote(c.wwwAuthenticate, 200)}`
    : say` with no WWW-Authenticate header`;
  return say`it got HTTP ${c.status ?? '?'}${header}`;
}

function frameOf(run: RunRecord, c: Case): { frame?: number } {
  const at = c.forwarded ? arrival(run, c) : undefined;
  return at === undefined ? {} : { frame: at };
}

function missing(run: RunRecord, name: string): Outcome {
  return notReached(
    `The driver never reported the "${name}" request.${whyDriverStopped(run, 'authorize()')}`,
  );
}

function pass(message: string): Outcome {
  return { ok: true, message };
}

function fail(run: RunRecord, c: Case, message: Said, hint?: string): Outcome {
  return { ok: false, message, ...frameOf(run, c), ...(hint !== undefined && { hint }) };
}

/** Parameters of a Bearer challenge, or null when the header is not one. */
function bearerChallenge(header: string | undefined): Map<string, string> | null {
  const m = header === undefined ? null : /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  if (!m) return null;
  const params = new Map<string, string>();
  for (const p of (m[1] ?? '').matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|([^\s,]+))/g))
    params.set(p[1].toLowerCase(), p[2] ?? p[3]);
  return params;
}

/**
 * A request that must be refused as unauthenticated: 401, a Bearer challenge naming this
 * server's metadata, nothing passed on. `what` describes the request for the message.
 */
function expect401(run: RunRecord, name: string, what: string): Outcome {
  const c = cases(run).get(name);
  if (!c) return missing(run, name);
  if (c.forwarded || c.status === undefined || (c.status >= 200 && c.status < 300))
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}. Expected HTTP 401 and nothing passed on.`,
    );
  if (c.status === 403)
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}. 403 tells the client its token is good but not enough, so it would ask for more scope with the same bad credentials; a token that is missing, forged, expired or meant for another server is 401, so the client fetches a new one.`,
    );
  if (c.status !== 401)
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}. Expected HTTP 401 (unauthenticated).`,
    );
  const challenge = bearerChallenge(c.wwwAuthenticate);
  const want = metadataUrl(run);
  if (!challenge)
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}. A 401 must carry a WWW-Authenticate challenge with the Bearer scheme, or the client cannot tell how to authenticate.`,
    );
  if (challenge.get('resource_metadata') !== want)
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}. The Bearer challenge must name this server's metadata as resource_metadata="${want ?? '?'}": that document is where the client learns which authorization server to ask.`,
    );
  return pass(`The request ${what}: 401 with a Bearer challenge naming the metadata.`);
}

function expectAllowed(run: RunRecord, name: string, what: string): Outcome {
  const c = cases(run).get(name);
  if (!c) return missing(run, name);
  if (c.forwarded && c.status !== undefined && c.status >= 200 && c.status < 300)
    return pass(`The request ${what}: passed on to Paper Trail, HTTP ${c.status}.`);
  if (c.forwarded)
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}, but Paper Trail answered HTTP ${c.status ?? '?'}.`,
    );
  return fail(
    run,
    c,
    say`The request ${what}: ${seen(run, c)}. Expected it to reach Paper Trail: the token is signed by the authorization server, names this server as its audience, has scope ${SCOPE} and has not expired.`,
  );
}

function expect403(run: RunRecord, name: string, what: string): Outcome {
  const c = cases(run).get(name);
  if (!c) return missing(run, name);
  if (c.status !== 403 || c.forwarded)
    return fail(
      run,
      c,
      say`The request ${what}: ${seen(run, c)}. Expected HTTP 403 and nothing passed on.`,
    );
  return pass(`The request ${what}: 403.`);
}

/** Two cases judged in turn: the first failure, or one pass that sums both up. */
function both(first: Outcome, second: () => Outcome, summary: string): Outcome {
  if (!first.ok) return first;
  const then = second();
  return then.ok ? pass(summary) : then;
}

export const checks: Check[] = [
  {
    id: 'lets-good-token-in',
    title: 'A valid token for this server gets through, in and out of a session',
    hint: 'Tokens are minted anew on every run; accept any token that readToken() verifies and whose claims fit, not one you have seen.',
    run: (run) =>
      both(
        expectAllowed(run, 'good', 'with a valid token (Authorization: Bearer …)'),
        () =>
          expectAllowed(run, 'session-with-token', 'in the session it opened, with the same token'),
        'Valid tokens get through, the session too.',
      ),
  },
  {
    id: 'bearer-any-case',
    title: 'The scheme name "Bearer" is matched without regard to case',
    hint: 'HTTP authentication scheme names are case-insensitive: "bearer", "Bearer" and "BEARER" are one scheme.',
    run: (run) =>
      expectAllowed(
        run,
        'lowercase-scheme',
        'with a valid token sent as "Authorization: bearer …" (lower case)',
      ),
  },
  {
    id: 'challenge-without-token',
    title: 'No token: 401 with a Bearer challenge naming the metadata',
    hint: 'The client learns how to get a token from your 401: WWW-Authenticate: Bearer resource_metadata="<site.metadataUrl>".',
    run: (run) => expect401(run, 'no-token', 'with no Authorization header'),
  },
  {
    id: 'checks-signature',
    title: 'A token the authorization server did not sign is refused',
    hint: 'A header that says Bearer is not a token you can trust: ask readToken() and refuse when it returns null.',
    run: (run) =>
      expect401(
        run,
        'forged',
        'with a token signed by someone other than the authorization server',
      ),
  },
  {
    id: 'checks-audience',
    title: 'A token issued for another server is refused',
    hint: 'A verified token is not yet a token for you: its aud must be exactly site.resource.',
    run: (run) =>
      expect401(
        run,
        'wrong-audience',
        'with a genuine token whose audience is https://mail.paper-trail.example/mcp, another server',
      ),
  },
  {
    id: 'checks-expiry',
    title: 'An expired token is refused',
    hint: 'exp is in seconds since the epoch; compare it with site.now().',
    run: (run) =>
      expect401(run, 'expired', 'with a genuine token for this server that expired a minute ago'),
  },
  {
    id: 'scope-step-up',
    title: 'A valid token without the scope: 403 insufficient_scope naming the scope',
    hint: 'A token that is fine but lacks scope gets 403 with WWW-Authenticate: Bearer error="insufficient_scope", scope="<site.scope>": the client then asks for that scope (step-up).',
    run(run) {
      const what = `with a genuine, current token for this server whose scope is only "profile" (no ${SCOPE})`;
      const c = cases(run).get('missing-scope');
      if (!c) return missing(run, 'missing-scope');
      if (c.status === 401 && !c.forwarded)
        return fail(
          run,
          c,
          say`The request ${what}: ${seen(run, c)}. 401 tells the client its token is bad and it would fetch the same token again; the token is good, only not enough: 403 with error="insufficient_scope".`,
        );
      const first = expect403(run, 'missing-scope', what);
      if (!first.ok) return first;
      const challenge = bearerChallenge(c.wwwAuthenticate);
      if (
        challenge?.get('error') !== 'insufficient_scope' ||
        !challenge.get('scope')?.split(' ').includes(SCOPE)
      )
        return fail(
          run,
          c,
          say`The request ${what}: ${seen(run, c)}. The 403 must say why and what would do: WWW-Authenticate: Bearer error="insufficient_scope", scope="${SCOPE}".`,
        );
      return pass('A token without the scope: 403 insufficient_scope naming the scope.');
    },
  },
  {
    id: 'header-only',
    title: 'A token in the query string is not accepted',
    hint: 'Read the token from the Authorization header and nowhere else: a URL ends up in logs, history and Referer headers.',
    run: (run) =>
      expect401(
        run,
        'query-token',
        'with a valid token in the query string (/mcp?access_token=…) and no Authorization header',
      ),
  },
  {
    id: 'rebinding',
    title: 'A request naming another Host or Origin is refused with 403',
    hint: 'Check Host against site.hosts and, when there is one, Origin against site.origins, before anything else: a valid token does not make a rebinding request safe.',
    run: (run) =>
      both(
        expect403(run, 'foreign-host', 'with a valid token and Host: evil.example (DNS rebinding)'),
        () =>
          expect403(run, 'foreign-origin', 'with a valid token and Origin: http://evil.example'),
        'Foreign Host and foreign Origin: 403.',
      ),
  },
  {
    id: 'session-is-not-a-credential',
    title: 'A session id without a token is refused',
    hint: 'Every request needs its token, the ones inside a session too: a session id is not a credential.',
    run: (run) =>
      expect401(
        run,
        'session-no-token',
        'with the Mcp-Session-Id of an open session and no Authorization header',
      ),
  },
];

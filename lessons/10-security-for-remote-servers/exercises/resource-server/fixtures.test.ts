// resource-server: the learner's authorize() guards a gateway in front of Paper Trail. Each
// class of mistake a newcomer makes with bearer tokens fails its own check: trusting any
// token, any audience, any expiry, a token in the URL, a session id, a foreign Host; a 401
// that says nothing, 403 and 401 swapped, a token pasted from an earlier run, "Bearer" matched
// case-sensitively. Correct variants differ in structure, order and parsing.
import { exerciseSuite, type Mistake } from '../../../../tests/exercises/suite.ts';

const mistakes: Mistake[] = [
  // Any Authorization header will do: a forged token goes through (the 4th forwarded frame).
  // (Claims decoded by hand without the signature fail the same way, and so does an expiry
  // compared in the wrong unit under checks-expiry: one fixture per failure path keeps CI short.)
  { name: 'presence-only', check: 'checks-signature', frame: 4, says: 'your guard let it through' },
  // Any audience.
  { name: 'no-audience-check', check: 'checks-audience', frame: 4, says: 'another server' },
  // Wrong audience answered with 403.
  {
    name: 'audience-403',
    check: 'checks-audience',
    says: [
      'it got HTTP 403',
      'a token that is missing, forged, expired or meant for another server is 401',
    ],
  },
  // exp never read.
  { name: 'no-expiry-check', check: 'checks-expiry', frame: 4, says: 'expired a minute ago' },
  // Missing scope answered with 401.
  {
    name: 'scope-401',
    check: 'scope-step-up',
    says: ['it got HTTP 401', 'only not enough: 403 with error="insufficient_scope"'],
  },
  // 403 that does not say which scope.
  {
    name: 'scope-no-challenge',
    check: 'scope-step-up',
    says: ['it got HTTP 403 with no WWW-Authenticate header', 'scope="orders:read"'],
  },
  // ?access_token= accepted.
  { name: 'query-fallback', check: 'header-only', frame: 4, says: 'in the query string' },
  // A bare 401.
  {
    name: '401-without-challenge',
    check: 'challenge-without-token',
    says: ['with no WWW-Authenticate header', 'A 401 must carry a WWW-Authenticate challenge'],
  },
  // resource_metadata pointing at the MCP endpoint.
  {
    name: 'metadata-wrong-url',
    check: 'challenge-without-token',
    says: "must name this server's metadata as resource_metadata=",
  },
  // A token from an earlier run pasted in.
  {
    name: 'hard-coded-token',
    check: 'lets-good-token-in',
    says: [
      'with a valid token (Authorization: Bearer …): it got HTTP 401',
      'Expected it to reach Paper Trail',
    ],
  },
  // "Bearer" matched case-sensitively.
  {
    name: 'case-sensitive-bearer',
    check: 'bearer-any-case',
    says: '(lower case): it got HTTP 401',
  },
  // An open session taken for a credential.
  {
    name: 'session-as-credential',
    check: 'session-is-not-a-credential',
    frame: 4,
    says: 'Mcp-Session-Id of an open session and no Authorization header',
  },
  // Host and Origin left to the server behind.
  {
    name: 'no-host-check',
    check: 'rebinding',
    frame: 4,
    says: 'Host: evil.example (DNS rebinding)',
  },
  // The edges of each rule: a second rule broken at once, values that are nearly right.
  // Host compared without its port.
  {
    name: 'host-port-ignored',
    check: 'rebinding',
    frame: 6,
    says: 'Host: localhost on another port',
  },
  // Host checked only once the token passed: a foreign Host without a token got 401.
  {
    name: 'host-after-token',
    check: 'rebinding',
    says: ['with Host: evil.example and no token', 'it got HTTP 401'],
  },
  // Every Origin refused, this server's own too.
  {
    name: 'origin-always-refused',
    check: 'rebinding',
    says: ['Origin: http://localhost:<port>, one of site.origins', 'it got HTTP 403'],
  },
  // The scope found as a substring of the scope string.
  {
    name: 'scope-substring',
    check: 'scope-step-up',
    frame: 10,
    says: 'only starts like orders:read',
  },
  // A granted word that the needed scope starts with taken for a broader scope.
  {
    name: 'scope-word-in-name',
    check: 'scope-step-up',
    frame: 10,
    says: '"orders" is part of the name orders:read',
  },
  // The audience compared by origin only.
  {
    name: 'audience-origin-only',
    check: 'checks-audience',
    frame: 10,
    says: 'the same origin, another resource',
  },
  // The scope judged before the expiry: an expired token without the scope got 403.
  {
    name: 'scope-before-expiry',
    check: 'checks-expiry',
    says: ['expired a minute ago, whose scope is only "profile"', 'it got HTTP 403'],
  },
  // The challenge's URL not in double quotes.
  {
    name: 'unquoted-challenge',
    check: 'challenge-without-token',
    says: 'must be in double quotes: resource_metadata="http://127.0.0.1:',
  },
  // A token taken from a header of the guard's own choosing.
  {
    name: 'token-any-header',
    check: 'header-only',
    frame: 10,
    says: 'in an X-Access-Token header',
  },
];

const correct = ['ok-rule-list', 'ok-class', 'ok-audience-list', 'ok-switch-reasons'];

const hints: Record<string, string> = {
  'lets-good-token-in': 'Tokens are minted anew on every run',
  'bearer-any-case': 'case-insensitive',
  'challenge-without-token': 'WWW-Authenticate: Bearer resource_metadata=',
  'checks-signature': 'ask readToken()',
  'checks-audience': 'its aud must be exactly site.resource',
  'checks-expiry': 'compare it with site.now()',
  'scope-step-up': 'error="insufficient_scope"',
  'header-only': 'Authorization header and nowhere else',
  rebinding: 'Check Host (with its port) against site.hosts',
  'session-is-not-a-credential': 'a session id is not a credential',
};

exerciseSuite({
  exercise: 'resource-server',
  writes: 'guard',
  starter: {
    check: 'challenge-without-token',
    frame: 4,
    says: 'with no Authorization header: your guard let it through',
  },
  hints,
  mistakes,
  correct,
});

// Lesson 10's sessions: Paper Trail with --http --auth behind the same recording proxy as
// every HTTP capture, driven step by step with fetch so that each request is one the script
// chose: the metadata documents, the authorization code flow with PKCE and `resource`, and
// every refusal a resource server owes. Tokens the script mints itself carry fixed claims
// (signed with the published demo key), so their bytes are the same on every run; the one
// authorization code and the one access token the live flow produces are replaced by fixed
// placeholders, the way session ids are.
import { request as httpRequest } from 'node:http';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import { DEMO_CLIENT_ID } from '../../sandbox/paper-trail/auth/authorization-server.ts';
import {
  ORDERS_SCOPE,
  signToken,
  type TokenClaims,
} from '../../sandbox/paper-trail/auth/tokens.ts';
import { startHttpTap } from '../../sandbox/tap/http-tap.ts';
import { Framer } from '../../sandbox/wire/framer.ts';
import { normaliseCapture } from '../../sandbox/capture/normalise.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

/** The canonical URL Paper Trail is told it has (--resource): the audience of its tokens. */
export const RESOURCE = 'https://paper-trail.example/mcp';
const ISSUER = 'https://paper-trail.example';
const REDIRECT = 'http://127.0.0.1:8765/callback';
/** A fixed PKCE verifier: its S256 challenge, and so the /authorize URL, never change. */
const VERIFIER = 'lesson-10-pkce-verifier-fixed-for-the-captures-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
/** 2026-01-01T00:00:00Z, and 2100-01-01: far enough for a capture to stay valid. */
const ISSUED = 1_767_225_600;
const FAR = 4_102_444_800;

const claims = (over: Partial<TokenClaims> = {}): TokenClaims => ({
  iss: ISSUER,
  sub: 'learner@paper-trail.example',
  aud: RESOURCE,
  scope: ORDERS_SCOPE,
  client_id: DEMO_CLIENT_ID,
  iat: ISSUED,
  exp: FAR,
  ...over,
});
const token = (over: Partial<TokenClaims> = {}) => signToken(claims(over));
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

interface Step {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path on the server (default /mcp), query included. */
  path?: string;
  /** A JSON-RPC frame, or a form body when `form` is set. */
  body?: string;
  form?: boolean;
  headers?: Record<string, string>;
  /** Send the session id and protocol version the server handed out. */
  inSession?: boolean;
  /** Send the access token the /token step returned. */
  withIssuedToken?: boolean;
}

/**
 * fetch for a step that names its own Host: fetch itself always sends the URL's, as a
 * browser does; a rebinding page gets a foreign one through DNS instead. node:http sends it.
 */
function fetchWithHost(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const PLACEHOLDER_CODE = 'AUTHORIZATION-CODE-1';
const PLACEHOLDER_TOKEN = 'ACCESS-TOKEN-1';

async function runAuthSteps(steps: (issued: { code?: string }) => Step[]): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({
    flags: ['--json-response', '--auth', '--resource', RESOURCE],
  });
  const framer = new Framer();
  const t0 = performance.timeOrigin;
  const tap = await startHttpTap({
    target: server.url,
    passForeignOrigin: true,
    passForeignHost: true,
    onFrame: ({ at, ...frame }) => framer.add({ ...frame, t: at - t0 }),
  });
  const base = tap.url.slice(0, -'/mcp'.length);
  const issued: { code?: string; token?: string } = {};
  let sessionId: string | undefined;
  try {
    // Steps are built lazily so that the /token step can carry the code /authorize gave.
    for (let i = 0; ; i++) {
      const step = steps(issued)[i];
      if (!step) break;
      const headers: Record<string, string> = {};
      if (step.method === 'POST' && !step.form) {
        headers['accept'] = 'application/json, text/event-stream';
        headers['content-type'] = 'application/json';
      }
      if (step.form) headers['content-type'] = 'application/x-www-form-urlencoded';
      if (step.inSession && sessionId) {
        headers['mcp-session-id'] = sessionId;
        headers['mcp-protocol-version'] = script.PROTOCOL_VERSION;
      }
      if (step.withIssuedToken && issued.token) headers['authorization'] = `Bearer ${issued.token}`;
      Object.assign(headers, step.headers);
      const send = headers.host === undefined ? fetch : fetchWithHost;
      const res = await send(`${base}${step.path ?? '/mcp'}`, {
        method: step.method,
        headers,
        body: step.body,
        redirect: 'manual',
      });
      const text = await res.text();
      const location = res.headers.get('location');
      if (location) issued.code = new URL(location).searchParams.get('code') ?? undefined;
      if (step.path === '/token' && res.ok)
        issued.token = (JSON.parse(text) as { access_token: string }).access_token;
      const session = res.headers.get('mcp-session-id');
      if (session && res.ok) sessionId = session;
    }
  } finally {
    await tap.close();
    await server.stop();
  }
  // The live flow's code and token differ on every run: fixed placeholders, everywhere.
  const swap = (value: string) => {
    let out = value;
    if (issued.code) out = out.replaceAll(issued.code, PLACEHOLDER_CODE);
    if (issued.token) out = out.replaceAll(issued.token, PLACEHOLDER_TOKEN);
    return out;
  };
  const frames = framer.frames.map((f) => ({
    ...f,
    text: swap(f.text),
    ...(f.http && {
      http: {
        ...f.http,
        ...(f.http.path !== undefined && { path: swap(f.http.path) }),
        headers: Object.fromEntries(Object.entries(f.http.headers).map(([k, v]) => [k, swap(v)])),
      },
    }),
  }));
  return { frames: normaliseCapture(frames) };
}

const authorizeQuery = new URLSearchParams({
  response_type: 'code',
  client_id: DEMO_CLIENT_ID,
  redirect_uri: REDIRECT,
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  scope: ORDERS_SCOPE,
  resource: RESOURCE,
  state: 'lesson-10',
});

// Discovery and the token flow: 401 with its challenge, the protected resource metadata, the
// authorization server's metadata, /authorize (302 back with a code), /token (the code, the
// PKCE verifier and `resource` for an access token), then MCP with the token; a request in
// the session without the token is refused; DELETE with it ends the session.
export const captureAuthFlow = () =>
  runAuthSteps((issued) => [
    { method: 'POST', body: script.initialize },
    { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp' },
    { method: 'GET', path: '/.well-known/oauth-authorization-server' },
    { method: 'GET', path: `/authorize?${authorizeQuery.toString()}` },
    {
      method: 'POST',
      path: '/token',
      form: true,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: issued.code ?? '',
        code_verifier: VERIFIER,
        client_id: DEMO_CLIENT_ID,
        redirect_uri: REDIRECT,
        resource: RESOURCE,
      }).toString(),
    },
    { method: 'POST', body: script.initialize, withIssuedToken: true },
    { method: 'POST', body: script.initialized, inSession: true, withIssuedToken: true },
    { method: 'POST', body: script.toolsList, inSession: true },
    { method: 'POST', body: script.toolsList, inSession: true, withIssuedToken: true },
    { method: 'DELETE', inSession: true, withIssuedToken: true },
  ]);

// Every refusal, each on a fresh initialize: a token for another server, an expired one, one
// without the scope, one expired AND without the scope (which the SDK answers as a scope
// problem), one in the query string, a forged one, a good one from a foreign Origin, and a
// good one sent with the scheme in lower case (accepted), and a good one sent with a foreign
// Host, as a DNS-rebinding page sends it.
export const captureAuthRefusals = () =>
  runAuthSteps(() => [
    {
      method: 'POST',
      body: script.initialize,
      headers: bearer(token({ aud: 'https://mail.example/mcp' })),
    },
    { method: 'POST', body: script.initialize, headers: bearer(token({ exp: ISSUED + 3600 })) },
    { method: 'POST', body: script.initialize, headers: bearer(token({ scope: 'profile' })) },
    {
      method: 'POST',
      body: script.initialize,
      headers: bearer(token({ scope: 'profile', exp: ISSUED + 3600 })),
    },
    { method: 'POST', path: `/mcp?access_token=${token()}`, body: script.initialize },
    { method: 'POST', body: script.initialize, headers: bearer(`${token().slice(0, -6)}forged`) },
    {
      method: 'POST',
      body: script.initialize,
      headers: { ...bearer(token()), origin: 'http://evil.example' },
    },
    { method: 'POST', body: script.initialize, headers: { authorization: `bearer ${token()}` } },
    // A rebinding page: its own name in Host, resolved to this machine; a good token.
    {
      method: 'POST',
      body: script.initialize,
      headers: { ...bearer(token()), host: 'evil.example:8080' },
    },
  ]);

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'auth-flow': captureAuthFlow,
  'auth-refusals': captureAuthRefusals,
});

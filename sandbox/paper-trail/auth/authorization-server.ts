// A local OAuth 2.1 authorization server for --auth: authorization code with PKCE (S256), one
// public client known in advance, every user approved at once (there is no user), and tokens
// whose audience is the `resource` the client asked for (RFC 8707). No network, no database:
// codes live in memory for a minute, tokens are signed with the static demo key (tokens.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ORDERS_SCOPE, signToken } from './tokens.ts';

/** The one client this server knows; a public client (no secret) as a CLI or desktop app is. */
export const DEMO_CLIENT_ID = 'paper-trail-demo-client';
/** How long an access token lasts. */
export const TOKEN_TTL_S = 3600;
const CODE_TTL_MS = 60_000;
export const DEMO_SUBJECT = 'learner@paper-trail.example';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  resource: string;
  expires: number;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  sendJson(res, status, { error, error_description: description });

function isLoopbackRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return (
      url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')
    );
  } catch {
    return false;
  }
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function authorizationServer(issuer: () => string) {
  const codes = new Map<string, PendingCode>();

  /** RFC 8414 metadata for this issuer. */
  const metadata = () => ({
    issuer: issuer(),
    authorization_endpoint: `${issuer()}/authorize`,
    token_endpoint: `${issuer()}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [ORDERS_SCOPE],
  });

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== DEMO_CLIENT_ID || !isLoopbackRedirect(redirectUri)) {
      // Never redirect to a URI we cannot vouch for: say so to the user agent instead.
      oauthError(res, 400, 'invalid_request', `unknown client_id or a redirect_uri off loopback`);
      return;
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const challenge = q.get('code_challenge');
    const resource = q.get('resource');
    if (
      q.get('response_type') !== 'code' ||
      !challenge ||
      q.get('code_challenge_method') !== 'S256'
    ) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set(
        'error_description',
        'response_type=code with an S256 code_challenge is required',
      );
    } else if (!resource) {
      back.searchParams.set('error', 'invalid_target');
      back.searchParams.set(
        'error_description',
        'name the MCP server in the resource parameter (RFC 8707)',
      );
    } else {
      const code = randomBytes(16).toString('base64url');
      codes.set(code, {
        clientId: DEMO_CLIENT_ID,
        redirectUri,
        challenge,
        scope: q.get('scope') ?? ORDERS_SCOPE,
        resource,
        expires: Date.now() + CODE_TTL_MS,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await formBody(req);
    if (form.get('grant_type') !== 'authorization_code') {
      oauthError(res, 400, 'unsupported_grant_type', 'only authorization_code is supported');
      return;
    }
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code);
    if (!pending || pending.expires < Date.now()) {
      oauthError(res, 400, 'invalid_grant', 'unknown or expired authorization code');
      return;
    }
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('client_id') !== pending.clientId ||
      form.get('redirect_uri') !== pending.redirectUri ||
      challenge !== pending.challenge
    ) {
      oauthError(
        res,
        400,
        'invalid_grant',
        'client_id, redirect_uri or code_verifier does not match',
      );
      return;
    }
    const resource = form.get('resource') ?? pending.resource;
    if (resource !== pending.resource) {
      oauthError(res, 400, 'invalid_target', 'resource differs from the one authorized');
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const accessToken = signToken({
      iss: issuer(),
      sub: DEMO_SUBJECT,
      aud: resource,
      scope: pending.scope,
      client_id: pending.clientId,
      iat: now,
      exp: now + TOKEN_TTL_S,
      jti: randomBytes(8).toString('hex'),
    });
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      scope: pending.scope,
    });
  }

  /** Answers the request when it is one of this server's paths; false otherwise. */
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname === '/.well-known/oauth-authorization-server' && req.method === 'GET') {
      sendJson(res, 200, metadata());
      return true;
    }
    if (url.pathname === '/authorize' && req.method === 'GET') {
      authorize(url, res);
      return true;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      await token(req, res);
      return true;
    }
    return false;
  };
}

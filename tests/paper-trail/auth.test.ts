// Paper Trail --http --auth as an OAuth protected resource, driven by the SDK's own Client and
// its OAuth client (client/auth.js) through an offline OAuthClientProvider: discovery from the
// 401, the authorization code flow with PKCE and `resource`, then tools with the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { startHttpServer } from '../../sandbox/paper-trail/http.ts';
import type { RunningHttpServer } from '../../sandbox/paper-trail/http.ts';
import { DEMO_CLIENT_ID } from '../../sandbox/paper-trail/auth/authorization-server.ts';
import { ORDERS_SCOPE, signToken } from '../../sandbox/paper-trail/auth/tokens.ts';
import { parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** A provider with no browser: "redirecting" fetches the authorization URL and keeps the code. */
class OfflineProvider implements OAuthClientProvider {
  saved?: OAuthTokens;
  verifier = '';
  code?: string;
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      client_name: 'auth test',
    };
  }
  clientInformation(): OAuthClientInformationMixed {
    return { client_id: DEMO_CLIENT_ID };
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const res = await fetch(url, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    this.code = back.searchParams.get('code') ?? undefined;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let server: RunningHttpServer;
let origin: string;
beforeAll(async () => {
  server = await startHttpServer({ port: 0, jsonResponse: true, auth: true, log: () => {} });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());

const now = () => Math.floor(Date.now() / 1000);
const token = (over: Partial<Parameters<typeof signToken>[0]> = {}) =>
  signToken({
    iss: origin,
    sub: 'tester',
    aud: server.url,
    scope: ORDERS_SCOPE,
    client_id: DEMO_CLIENT_ID,
    iat: now(),
    exp: now() + 600,
    ...over,
  });

async function post(headers: Record<string, string>, url = server.url) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    }),
  });
}

describe('paper-trail --http --auth', () => {
  it('parses --auth only with --http, with a sentence', () => {
    expect(parsePaperTrailArgs(['--http', '--auth'])).toMatchObject({ mode: 'http', auth: true });
    expect(() => parsePaperTrailArgs(['--auth'])).toThrow(/only makes sense together with --http/);
  });

  it('the SDK client discovers, authorizes with PKCE and resource, then calls a tool', async () => {
    const provider = new OfflineProvider();
    const first = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: provider,
    });
    const client = new Client({ name: 'auth-test', version: '1.0.0' });
    await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const asked = provider.authorizationUrl!;
    expect(asked.searchParams.get('resource')).toBe(server.url);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.code).toBeTruthy();
    await first.finishAuth(provider.code!);
    expect(provider.saved?.token_type).toMatch(/bearer/i);

    const again = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: provider,
    });
    const authed = new Client({ name: 'auth-test', version: '1.0.0' });
    await authed.connect(again);
    const tools = await authed.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('order_status');
    await authed.close();
  });

  it('401 names the metadata, which names the authorization server', async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    const m = /resource_metadata="([^"]+)"/.exec(challenge);
    expect(m?.[1]).toBe(`${origin}/.well-known/oauth-protected-resource/mcp`);
    const doc = (await (await fetch(m![1])).json()) as Record<string, unknown>;
    expect(doc.resource).toBe(server.url);
    expect(doc.authorization_servers).toEqual([origin]);
  });

  it('refuses a wrong audience, an expired token, a forged one and a query-string token', async () => {
    for (const bad of [
      token({ aud: 'http://127.0.0.1:1/mcp' }),
      token({ exp: now() - 5 }),
      `${token().slice(0, -4)}AAAA`,
    ]) {
      const res = await post({ authorization: `Bearer ${bad}` });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    }
    const query = await post({}, `${server.url}?access_token=${token()}`);
    expect(query.status).toBe(401);
  });

  it('403 insufficient_scope names the scope to ask for', async () => {
    const res = await post({ authorization: `Bearer ${token({ scope: 'profile' })}` });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(
      /error="insufficient_scope".*scope="orders:read"/,
    );
  });

  it('a session id without a token is refused', async () => {
    const ok = await post({ authorization: `Bearer ${token()}` });
    expect(ok.status).toBe(200);
    const sessionId = ok.headers.get('mcp-session-id')!;
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
  });
});

// Lesson 10 says SDK 1.32.2's client auth goes on in two places where the 2025-11-25
// specification says a client MUST stop or MUST send more. These run the SDK's own functions,
// so an upgrade that closes either gap fails here and the lesson's callout gets re-read.
import { selectResourceURL, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { describe, expect, it } from 'vitest';

const issuer = 'https://as.example';
const metadata = {
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/token`,
  response_types_supported: ['code'],
};
const start = (extra: Record<string, unknown>) =>
  startAuthorization(issuer, {
    metadata: { ...metadata, ...extra },
    clientInformation: { client_id: 'lesson-10' },
    redirectUrl: 'http://127.0.0.1:8765/callback',
    resource: new URL('https://paper-trail.example/mcp'),
  });

describe('SDK 1.32.2 client auth, where lesson 10 says it departs', () => {
  it('startAuthorization refuses metadata that lists other PKCE methods only', async () => {
    await expect(start({ code_challenge_methods_supported: ['plain'] })).rejects.toThrow(
      /code challenge method S256/,
    );
  });

  it('startAuthorization carries on when code_challenge_methods_supported is missing', async () => {
    const { authorizationUrl } = await start({});
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe('https://paper-trail.example/mcp');
  });

  it('selectResourceURL gives no resource without Protected Resource Metadata', async () => {
    const provider = {} as OAuthClientProvider;
    const server = 'https://paper-trail.example/mcp';
    await expect(selectResourceURL(server, provider, undefined)).resolves.toBeUndefined();
    const withMetadata = await selectResourceURL(server, provider, {
      resource: server,
      authorization_servers: [issuer],
    });
    expect(withMetadata?.href).toBe(server);
  });
});

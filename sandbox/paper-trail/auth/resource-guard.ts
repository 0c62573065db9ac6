// Paper Trail's --auth mode in front of /mcp: the SDK's own requireBearerAuth middleware (an
// Express middleware, driven here through a three-method stand-in for Express's response) with
// a verifier that checks the demo signature and reads the claims. Protected Resource Metadata
// (RFC 9728) is served by metadata.ts; this file only decides whether a request to /mcp may go on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { ORDERS_SCOPE, verifySignature } from './tokens.ts';

type Middleware = ReturnType<typeof requireBearerAuth>;
type ExpressRequest = Parameters<Middleware>[0];
type ExpressResponse = Parameters<Middleware>[1];

/** The verifier the SDK calls: signature first, then the claims as the SDK's AuthInfo. */
export const demoVerifier = {
  verifyAccessToken(token: string): Promise<AuthInfo> {
    const claims = verifySignature(token);
    if (!claims) return Promise.reject(new InvalidTokenError('Token signature does not verify'));
    return Promise.resolve({
      token,
      clientId: claims.client_id,
      scopes: typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [],
      expiresAt: claims.exp,
      resource: new URL(claims.aud),
      extra: { sub: claims.sub },
    });
  },
};

/**
 * A gate for /mcp: resolves true when the request may go on (with its AuthInfo), false when the
 * SDK's middleware has already answered it (401/403 with WWW-Authenticate).
 */
export function bearerGate(resource: string, resourceMetadataUrl: string) {
  const middleware = requireBearerAuth({
    verifier: demoVerifier,
    requiredScopes: [ORDERS_SCOPE],
    resourceMetadataUrl,
    expectedResource: new URL(resource),
  });
  return async (req: IncomingMessage, res: ServerResponse): Promise<AuthInfo | undefined> => {
    let passed = false;
    const shim = {
      set(name: string, value: string) {
        res.setHeader(name, value);
        return shim;
      },
      status(code: number) {
        res.statusCode = code;
        return shim;
      },
      json(body: unknown) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
        return shim;
      },
    };
    await middleware(req as unknown as ExpressRequest, shim as unknown as ExpressResponse, () => {
      passed = true;
    });
    return passed ? (req as IncomingMessage & { auth?: AuthInfo }).auth : undefined;
  };
}

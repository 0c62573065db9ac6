// Paper Trail's access tokens: JWTs signed with HMAC-SHA256 under one static, published key.
// The key is in this file on purpose: the authorization server and the resource server are
// both Paper Trail, nothing leaves 127.0.0.1, and a learner can mint any token by hand. A real
// deployment keeps its signing key secret and usually signs with a private key (RS256/EdDSA)
// so that resource servers hold only the public half.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The demo signing key. Public: never use it for anything but this course. */
export const DEMO_SIGNING_KEY = 'paper-trail-v1-demo-signing-key-not-a-secret';

/** The one scope Paper Trail's MCP endpoint asks for. */
export const ORDERS_SCOPE = 'orders:read';

export interface TokenClaims {
  /** The authorization server that issued it. */
  iss: string;
  /** Who the token speaks for. */
  sub: string;
  /** The resource (RFC 8707) the token was issued for: the MCP server's canonical URL. */
  aud: string;
  /** Space-separated scopes. */
  scope: string;
  client_id: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  jti?: string;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' }));

function signature(input: string, key: string): string {
  return createHmac('sha256', key).update(input).digest('base64url');
}

export function signToken(claims: TokenClaims, key: string = DEMO_SIGNING_KEY): string {
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${signature(body, key)}`;
}

/**
 * The claims of a token whose signature checks out under `key`, or null. Only the signature:
 * audience, expiry and scope are the caller's to judge.
 */
export function verifySignature(token: string, key: string = DEMO_SIGNING_KEY): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(signature(`${parts[0]}.${parts[1]}`, key));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

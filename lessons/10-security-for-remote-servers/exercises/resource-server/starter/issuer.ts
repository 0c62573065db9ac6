// Read-only: the exercise's local authorization server, reduced to what a resource server
// meets of it. It signs access tokens (JWTs, HMAC-SHA256) with one static key that is printed
// right here, so nothing leaves your machine and you can mint any token you like to try your
// guard. A real authorization server keeps its key secret; your guard never sees it either way:
// it calls readToken(), which checks the signature and nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';
// The claims' shape is declared beside your guard, which reads them.
import type { Claims } from './guard.ts';

const KEY = 'resource-server-exercise-static-key';
const HEAD = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' })).toString('base64url');

const mac = (text: string) => createHmac('sha256', KEY).update(text).digest('base64url');

/** A signed token carrying exactly these claims. */
export function mintToken(claims: Claims): string {
  const body = `${HEAD}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(body)}`;
}

/**
 * The claims of a token this authorization server signed, or null for anything else (a
 * forgery, a token cut short, not a token at all). It does NOT look at aud, exp or scope.
 */
export function readToken(token: string): Claims | null {
  const [head, body, sig, ...rest] = token.split('.');
  if (rest.length > 0 || head !== HEAD || body === undefined || sig === undefined) return null;
  const want = Buffer.from(mac(`${head}.${body}`));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
  } catch {
    return null;
  }
}

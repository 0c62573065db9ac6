// The gate in front of the local runtime endpoint. The endpoint runs code on the learner's
// machine, so it must be reachable only from the course page served by the same process:
// loopback peers only, a Host header naming this server (DNS rebinding sends a foreign
// name), an Origin equal to this server (a page elsewhere cannot POST), and a per-launch
// random token that only same-origin script can read.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export { TOKEN_HEADER } from '../shared/local-protocol.ts';
import { TOKEN_HEADER } from '../shared/local-protocol.ts';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface Gate {
  /** Host:port pairs this server answers to, e.g. ['127.0.0.1:4321', 'localhost:4321']. */
  hosts(): string[];
  token: string;
}

export type Verdict = { ok: true } | { ok: false; status: number; message: string };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

function checkPeerAndHost(req: IncomingMessage, gate: Gate): Verdict {
  const peer = req.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(peer)) return { ok: false, status: 403, message: 'loopback clients only' };
  const host = (req.headers.host ?? '').toLowerCase();
  if (!gate.hosts().includes(host)) {
    return { ok: false, status: 421, message: `unexpected Host header: ${host || '(none)'}` };
  }
  return { ok: true };
}

function originAllowed(origin: string, gate: Gate): boolean {
  return gate.hosts().some((h) => origin === `http://${h}`);
}

/**
 * For GET /__runtime/token. Browsers send no Origin on a same-origin GET, so an Origin is
 * optional here, but when one is present it must be ours, and Sec-Fetch-Site (sent by every
 * current browser) must not say cross-site. A foreign page could not read the answer anyway
 * (no CORS headers); these checks stop it from even being produced.
 */
export function checkTokenRequest(req: IncomingMessage, gate: Gate): Verdict {
  const base = checkPeerAndHost(req, gate);
  if (!base.ok) return base;
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(origin, gate)) {
    return { ok: false, status: 403, message: `foreign Origin: ${origin}` };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { ok: false, status: 403, message: `cross-site request (${site})` };
  }
  return { ok: true };
}

/** For POST endpoints: Origin is required and must be ours, and the token must match. */
export function checkRunRequest(req: IncomingMessage, gate: Gate): Verdict {
  const base = checkPeerAndHost(req, gate);
  if (!base.ok) return base;
  const origin = req.headers.origin;
  if (origin === undefined || !originAllowed(origin, gate)) {
    return { ok: false, status: 403, message: `foreign or missing Origin: ${origin ?? '(none)'}` };
  }
  const given = req.headers[TOKEN_HEADER];
  if (typeof given !== 'string' || !sameSecret(given, gate.token)) {
    return { ok: false, status: 401, message: 'missing or wrong runtime token' };
  }
  return { ok: true };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

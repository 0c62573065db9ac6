// Read-only: the HTTP front of the resource server. It serves the Protected Resource Metadata
// (RFC 9728), asks your authorize() about every request to /mcp, and forwards the requests it
// allows to Paper Trail, WITHOUT the Authorization header: the token was issued for this
// server, not for the one behind it (no token passthrough).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorize } from './guard.ts';
import type { Site } from './guard.ts';
import { readToken } from './issuer.ts';

export const SCOPE = 'orders:read';
export const ISSUER = 'https://auth.paper-trail.example';

/** What the gateway forwards: Paper Trail's MCP headers, nothing else. */
const FORWARDED = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version'];

export interface Gateway {
  site: Site;
  /** How many requests reached Paper Trail so far. */
  forwarded(): number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startGateway(upstream: string): Promise<Gateway> {
  let forwarded = 0;

  async function handle(req: IncomingMessage, res: ServerResponse, s: Site) {
    const path = new URL(req.url ?? '/', 'http://gateway.invalid').pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          resource: s.resource,
          authorization_servers: [ISSUER],
          scopes_supported: [SCOPE],
          bearer_methods_supported: ['header'],
        }),
      );
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const decision = authorize({ method: req.method ?? 'GET', url: req.url ?? '/', headers }, s);
    const body = await bodyOf(req);
    if (!decision.allow) {
      res.writeHead(decision.status, { 'content-type': 'application/json', ...decision.headers });
      res.end(JSON.stringify({ error: decision.status === 403 ? 'forbidden' : 'unauthorized' }));
      return;
    }
    forwarded++;
    const pass: Record<string, string> = {};
    for (const name of FORWARDED) if (headers[name] !== undefined) pass[name] = headers[name];
    const up = await fetch(upstream, {
      method: req.method,
      headers: pass,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
    });
    const back: Record<string, string> = {};
    for (const name of ['content-type', 'mcp-session-id']) {
      const value = up.headers.get(name);
      if (value !== null) back[name] = value;
    }
    res.writeHead(up.status, back);
    res.end(Buffer.from(await up.arrayBuffer()));
  }

  // The site is known once the server listens; no request arrives before that.
  let site = undefined as unknown as Site;
  const server = createServer((req, res) => {
    handle(req, res, site).catch((error: unknown) => {
      console.error(`gateway: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  site = {
    resource: `${origin}/mcp`,
    metadataUrl: `${origin}/.well-known/oauth-protected-resource/mcp`,
    scope: SCOPE,
    hosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    origins: [origin, `http://localhost:${port}`],
    readToken,
    now: () => Math.floor(Date.now() / 1000),
  };
  return {
    site,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

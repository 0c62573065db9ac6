// Everything --auth adds to Paper Trail's HTTP server, in the order a request meets it:
// Protected Resource Metadata (RFC 9728), the local authorization server, then the bearer gate
// in front of /mcp. Two roles on one origin for a course that runs offline; in production the
// authorization server is usually somebody else's host, named in authorization_servers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorizationServer } from './authorization-server.ts';
import { bearerGate } from './resource-guard.ts';
import { ORDERS_SCOPE } from './tokens.ts';

export const PRM_PATH = '/.well-known/oauth-protected-resource';

export interface AuthMode {
  /** true when the request was answered here (metadata, AS endpoint, or a 401/403). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

/** `origin` is known only once the server listens, so it is asked for each time. */
export function authMode(origin: () => string, mcpPath: string, canonical?: string): AuthMode {
  // The public URL when one is given (a server behind a proxy knows its clients' name for it).
  const publicOrigin = () => (canonical ? new URL(canonical).origin : origin());
  const resource = () => canonical ?? `${origin()}${mcpPath}`;
  // RFC 9728 §3.1: the well-known suffix goes between host and the resource's path.
  const metadataUrl = () => `${publicOrigin()}${PRM_PATH}${mcpPath}`;
  const as = authorizationServer(publicOrigin);
  let gate: ReturnType<typeof bearerGate> | undefined;

  const metadata = () => ({
    resource: resource(),
    authorization_servers: [publicOrigin()],
    scopes_supported: [ORDERS_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Paper Trail',
  });

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', origin());
      // The path-suffixed document, and the same at the bare well-known path for clients that
      // look there first.
      if (
        (url.pathname === `${PRM_PATH}${mcpPath}` || url.pathname === PRM_PATH) &&
        req.method === 'GET'
      ) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(metadata()));
        return true;
      }
      if (await as(req, res, url)) return true;
      if (url.pathname !== mcpPath) return false;
      gate ??= bearerGate(resource(), metadataUrl());
      const info = await gate(req, res);
      return info === undefined;
    },
  };
}

// Your resource server's front door: decide, for one HTTP request to /mcp, whether it may
// reach Paper Trail. gateway.ts calls authorize() for every request and does what it says.
/** What a token says, once readToken() has checked its signature (see issuer.ts). */
export interface Claims {
  iss: string;
  sub: string;
  /** The resource (RFC 8707) the token was issued for. */
  aud: string;
  /** Space-separated scopes. */
  scope: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  jti: string;
}

export interface GuardRequest {
  /** "POST", "GET" or "DELETE". */
  method: string;
  /** The request target as it arrived: path and query, e.g. "/mcp" or "/mcp?x=1". */
  url: string;
  /** Every request header, names in lower case (host, origin, authorization, ...). */
  headers: Record<string, string | undefined>;
}

/** What the gateway knows about itself and hands to authorize(). */
export interface Site {
  /** This MCP server's canonical URL: the audience its tokens must name. */
  resource: string;
  /** Where its Protected Resource Metadata is served (RFC 9728). */
  metadataUrl: string;
  /** The scope every request to /mcp needs. */
  scope: string;
  /** The Host values that name this server, and the Origins allowed to call it. */
  hosts: string[];
  origins: string[];
  /** The token's claims if the authorization server signed it, else null (see issuer.ts). */
  readToken(token: string): Claims | null;
  /** Now, in seconds since the epoch (the unit of exp). */
  now(): number;
}

export type Decision =
  | { allow: true }
  /** Refuse with this HTTP status and these response headers. */
  | { allow: false; status: number; headers?: Record<string, string> };

/** 401 with the challenge that tells the client where to learn how to get a token. */
function unauthorized(site: Site, error?: string): Decision {
  const params = [`resource_metadata="${site.metadataUrl}"`, `scope="${site.scope}"`];
  if (error) params.unshift(`error="${error}"`);
  return {
    allow: false,
    status: 401,
    headers: { 'www-authenticate': `Bearer ${params.join(', ')}` },
  };
}

export function authorize(request: GuardRequest, site: Site): Decision {
  // DNS rebinding: the request must name this very server, whatever it carries.
  const host = request.headers.host;
  if (host === undefined || !site.hosts.includes(host)) return { allow: false, status: 403 };
  const origin = request.headers.origin;
  if (origin !== undefined && !site.origins.includes(origin)) return { allow: false, status: 403 };

  // The token travels in the Authorization header only; the scheme name is case-insensitive.
  const match = /^bearer +([^\s]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return unauthorized(site);

  const claims = site.readToken(match[1]);
  if (!claims) return unauthorized(site, 'invalid_token');
  if (claims.aud !== site.resource) return unauthorized(site, 'invalid_token');
  if (typeof claims.exp !== 'number' || claims.exp <= site.now())
    return unauthorized(site, 'invalid_token');

  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  if (!scopes.includes(site.scope)) {
    return {
      allow: false,
      status: 403,
      headers: {
        'www-authenticate': `Bearer error="insufficient_scope", scope="${site.scope}", resource_metadata="${site.metadataUrl}"`,
      },
    };
  }
  return { allow: true };
}

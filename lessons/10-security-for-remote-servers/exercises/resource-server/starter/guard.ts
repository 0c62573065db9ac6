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

export function authorize(request: GuardRequest, site: Site): Decision {
  // TODO: let through only requests that carry a token this server should accept, and refuse
  // the others with the status and headers a client needs to do better next time.
  void request;
  void site;
  return { allow: true };
}

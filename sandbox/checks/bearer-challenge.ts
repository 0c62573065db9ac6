// A WWW-Authenticate header read the way a client reads it: the scheme name matched without
// regard to case, each auth-param by its lower-cased name, and whether its value came in double
// quotes (a URL or a scope with ":" in it is not an HTTP token, so quoting is part of the rule).

export interface ChallengeParam {
  value: string;
  quoted: boolean;
}

/** The parameters of a Bearer challenge by name, or null when the header is not one. */
export function bearerChallenge(header: string | undefined): Map<string, ChallengeParam> | null {
  const m = header === undefined ? null : /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  if (!m) return null;
  const params = new Map<string, ChallengeParam>();
  for (const p of (m[1] ?? '').matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|([^\s,]+))/g))
    params.set(p[1].toLowerCase(), { value: p[2] ?? p[3], quoted: p[2] !== undefined });
  return params;
}

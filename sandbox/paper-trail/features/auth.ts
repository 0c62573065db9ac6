// --auth and --resource: /mcp as an OAuth protected resource with a local authorization
// server, so a client's 401, its metadata discovery and its bearer token are real frames.
import { z } from 'zod';
import { aSwitch, paperTrailFeature } from '../feature.ts';

declare module '../options.ts' {
  interface PaperTrailOptions {
    /** /mcp is an OAuth protected resource with a local authorization server. */
    auth?: boolean;
    /** With auth: the canonical URL tokens must name (default: this server's own /mcp URL). */
    resource?: string;
  }
}

export default paperTrailFeature({
  lesson: 'security-for-remote-servers',
  flags: {
    auth: aSwitch(),
    resource: z
      .url({
        protocol: /^https?$/,
        error: (issue) =>
          `--resource must be an absolute http(s) URL such as https://paper-trail.example/mcp, got "${String(issue.input)}"`,
      })
      .optional(),
  },
  synopsis: '[--auth [--resource URL]]',
  help: [
    [
      '--auth',
      'with --http: /mcp wants an OAuth bearer token (lesson 10); a',
      'local authorization server with a static demo key issues them,',
      'metadata at /.well-known/oauth-protected-resource/mcp',
    ],
    [
      '--resource URL',
      "with --auth: the server's canonical URL as its clients know it",
      '(behind a proxy, say); tokens must name it as their audience',
      '(default: http://127.0.0.1:PORT/mcp)',
    ],
  ],
  rules: [
    {
      holds: (o) => Boolean(o.auth) || o.resource === undefined,
      error:
        '--resource only makes sense together with --auth: it is the audience tokens must name',
    },
  ],
  transport: 'http',
  whyTransport: 'a stdio server takes its credentials from its environment',
  options: (o) => ({
    ...(o.auth && { auth: true as const }),
    ...(o.resource !== undefined && { resource: o.resource }),
  }),
});

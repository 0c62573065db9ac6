// Read-only driver: starts the gateway (gateway.ts, with your authorize() inside) in front of
// the Paper Trail URL given on the command line, then plays one request per case below with
// tokens minted for this run, and prints one "@@case" line per case. Anything else you print
// is ignored. Run: node drive.ts http://127.0.0.1:PORT/mcp
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { ISSUER, startGateway } from './gateway.ts';
import { mintToken } from './issuer.ts';
import type { Claims } from './guard.ts';

const upstream = process.argv[2];
if (!upstream) {
  console.error('usage: node drive.ts <Paper Trail URL, e.g. http://127.0.0.1:PORT/mcp>');
  process.exit(2);
}
const gateway = await startGateway(upstream);
const { site } = gateway;
const port = new URL(site.resource).port;
console.log(`@@site ${JSON.stringify({ resource: site.resource, metadataUrl: site.metadataUrl })}`);

// Made up for this run, so that no token can be known in advance.
const now = Math.floor(Date.now() / 1000);
const claims = (over: Partial<Claims> = {}): Claims => ({
  iss: ISSUER,
  sub: `user-${randomInt(1000, 9999)}`,
  aud: site.resource,
  scope: `profile ${site.scope}`,
  iat: now - 5,
  exp: now + 300 + randomInt(0, 300),
  jti: randomBytes(6).toString('hex'),
  ...over,
});
const good = mintToken(claims());
/** Right claims, signed with a key the authorization server never had. */
function forge(c: Claims): string {
  const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' })).toString('base64url');
  const body = `${head}.${Buffer.from(JSON.stringify(c)).toString('base64url')}`;
  return `${body}.${createHmac('sha256', 'a-guessed-key').update(body).digest('base64url')}`;
}

const initialize = (id: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'resource-server-driver', version: '1.0.0' },
    },
  });
const toolsList = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}
function send(path: string, headers: Record<string, string>, body: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let sessionId: string | undefined;
async function play(
  name: string,
  headers: Record<string, string>,
  options: { path?: string; inSession?: boolean } = {},
) {
  const id = `${name}-${randomBytes(3).toString('hex')}`;
  const before = gateway.forwarded();
  const extra: Record<string, string> =
    options.inSession && sessionId
      ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' }
      : {};
  let sent: Sent;
  try {
    sent = await send(
      options.path ?? '/mcp',
      { ...extra, ...headers },
      options.inSession ? toolsList(id) : initialize(id),
    );
  } catch (error) {
    console.log(`@@case ${JSON.stringify({ case: name, id, failed: String(error) })}`);
    return;
  }
  const session = sent.headers['mcp-session-id'];
  if (name === 'good' && typeof session === 'string') sessionId = session;
  const challenge = sent.headers['www-authenticate'];
  console.log(
    `@@case ${JSON.stringify({
      case: name,
      id,
      status: sent.status,
      forwarded: gateway.forwarded() > before,
      ...(challenge !== undefined && { wwwAuthenticate: [challenge].flat().join(', ') }),
    })}`,
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
await play('good', bearer(good));
await play('lowercase-scheme', { authorization: `bearer ${good}` });
await play('no-token', {});
await play('forged', bearer(forge(claims())));
await play(
  'wrong-audience',
  bearer(mintToken(claims({ aud: 'https://mail.paper-trail.example/mcp' }))),
);
await play(
  'expired',
  bearer(mintToken(claims({ iat: now - 900, exp: now - 60 - randomInt(0, 60) }))),
);
await play('missing-scope', bearer(mintToken(claims({ scope: 'profile' }))));
await play('query-token', {}, { path: `/mcp?access_token=${encodeURIComponent(good)}` });
await play('foreign-host', { ...bearer(good), host: `evil.example:${port}` });
await play('foreign-origin', { ...bearer(good), origin: 'http://evil.example' });
await play('session-no-token', {}, { inSession: true });
await play('session-with-token', bearer(good), { inSession: true });

// Each rule's edges: two rules at once (which one decides?), and values that are nearly right.
const otherPort = Number(port) === 65535 ? 1024 : Number(port) + 1;
const noScope = { scope: 'profile' };
await play('foreign-host-no-token', { host: `evil.example:${port}` });
await play('foreign-origin-forged', {
  ...bearer(forge(claims())),
  origin: 'http://evil.example',
});
await play('host-other-port', { ...bearer(good), host: `localhost:${otherPort}` });
await play('own-origin', { ...bearer(good), origin: `http://localhost:${port}` });
await play('scope-first', bearer(mintToken(claims({ scope: `${site.scope} profile` }))));
await play('scope-longer', bearer(mintToken(claims({ scope: `profile ${site.scope}-history` }))));
await play('scope-shorter', bearer(mintToken(claims({ scope: 'profile orders' }))));
await play(
  'audience-same-origin',
  bearer(mintToken(claims({ aud: new URL('/admin', site.resource).href }))),
);
await play('forged-no-scope', bearer(forge(claims(noScope))));
await play(
  'wrong-audience-no-scope',
  bearer(mintToken(claims({ ...noScope, aud: 'https://mail.paper-trail.example/mcp' }))),
);
await play(
  'expired-no-scope',
  bearer(mintToken(claims({ ...noScope, iat: now - 900, exp: now - 60 - randomInt(0, 60) }))),
);
await play('token-in-other-header', { 'x-access-token': good });
await gateway.close();

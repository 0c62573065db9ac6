// 2026-07-28 has no handshake: what initialize carried now rides in every request's
// params._meta, under reverse-DNS keys. Each request of a 2026 client is held to the same
// envelope, and a near miss (another prefix, a key by another name) is named as such, since
// "no version" would send the learner looking in the wrong place.
import { quote } from './frames.ts';
import { paramsOf, type Request } from './query.ts';
import { isObject } from './run-story.ts';

const PREFIX = 'io.modelcontextprotocol/';

/** The envelope's keys: the protocol version, the client's capabilities and its info. */
export const META_KEYS = {
  version: `${PREFIX}protocolVersion`,
  capabilities: `${PREFIX}clientCapabilities`,
  info: `${PREFIX}clientInfo`,
} as const;

/** What is wrong with one request's _meta envelope for `version`, or undefined. */
export function envelopeProblem(r: Request, version: string): string | undefined {
  const { version: PV, capabilities: CAPS, info: INFO } = META_KEYS;
  const meta = paramsOf(r)._meta;
  // (_meta beside params needs no words of its own: a message with members JSON-RPC does not
  // allow is no request at all, and jsonrpc-frames names it.)
  if (!isObject(meta)) return 'has no params._meta, so it names no protocol version';
  const keys = Object.keys(meta);
  const lookalike = (name: string) =>
    keys.find((k) => k !== `${PREFIX}${name}` && k.toLowerCase().endsWith(name.toLowerCase()));
  if (!(PV in meta)) {
    const near = lookalike('protocolVersion');
    return near
      ? `puts the version under ${quote(near)}; the key is "${PV}", reverse-DNS like a Java package`
      : `has no "${PV}" in params._meta`;
  }
  if (meta[PV] !== version)
    return `names protocol version ${JSON.stringify(meta[PV])}; this client speaks "${version}"`;
  if (!isObject(meta[CAPS])) {
    const near = lookalike('clientCapabilities') ?? lookalike('capabilities');
    return near
      ? `puts the capabilities under ${quote(near)}; the key is "${CAPS}"`
      : `has no "${CAPS}" object in params._meta (it is required, even when it is {})`;
  }
  const info = meta[INFO];
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
    const near = lookalike('clientInfo');
    return near
      ? `puts the client's name under ${quote(near)}; the key is "${INFO}"`
      : `has no "${INFO}" with a name and a version in params._meta`;
  }
  return undefined;
}

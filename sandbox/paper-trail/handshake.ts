// The handshake options of Paper Trail: which protocol versions it accepts (--versions) and
// whether it declares the logging capability (--logging). Kept apart from server.ts, which
// only calls in here.
//
// SDK 1.32.2 has no option for the versions a server accepts: Server._oninitialize echoes
// the client's offer when it is in the module constant SUPPORTED_PROTOCOL_VERSIONS and
// otherwise answers LATEST_PROTOCOL_VERSION, and neither McpServer nor Server takes a list
// (the streamable HTTP transport checks the MCP-Protocol-Version header against the same
// constant). So Paper Trail replaces the initialize handler through the public
// setRequestHandler and picks the version itself; it then hands the SDK's own initialize
// logic the request with that version as the offer, which the SDK echoes, so the client's
// capabilities and info are recorded exactly as without the flag.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  InitializeRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type {
  InitializeRequest,
  InitializeResult,
  LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';

/** Every protocol version the SDK under Paper Trail can speak, newest first. */
export const SDK_PROTOCOL_VERSIONS: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS];

/** The newest of a list of protocol versions (they are dates, YYYY-MM-DD, so text order is date order). */
export function newestVersion(versions: readonly string[]): string {
  return [...versions].sort().at(-1)!;
}

/**
 * The version a server that accepts `accepted` answers to `offered`: the offer itself when it
 * is accepted, else the server's own newest (the lifecycle section of the spec).
 */
export function chooseVersion(offered: unknown, accepted: readonly string[]): string {
  return typeof offered === 'string' && accepted.includes(offered)
    ? offered
    : newestVersion(accepted);
}

/** The SDK's own initialize logic, which is private in its types (see the note above). */
interface SdkInitialize {
  _oninitialize(request: InitializeRequest): Promise<InitializeResult>;
}

/** Makes `server` accept only `versions` (each one the SDK can speak) in initialize. */
export function acceptOnlyVersions(server: McpServer, versions: readonly string[]): void {
  const sdk = server.server as unknown as SdkInitialize;
  if (typeof sdk._oninitialize !== 'function') {
    throw new Error('this SDK has no Server._oninitialize: --versions needs updating');
  }
  server.server.setRequestHandler(InitializeRequestSchema, (request) => {
    const protocolVersion = chooseVersion(request.params.protocolVersion, versions);
    return sdk._oninitialize({ ...request, params: { ...request.params, protocolVersion } });
  });
}

/**
 * Makes `server` answer every initialize with `version`, a revision no SDK it runs on speaks,
 * as a server built for a later revision would: the result is the SDK's own in every other
 * member. It exists so a lesson can show what a client does with an answer it cannot speak.
 */
export function answerFutureVersion(server: McpServer, version: string): void {
  const sdk = server.server as unknown as SdkInitialize;
  if (typeof sdk._oninitialize !== 'function') {
    throw new Error('this SDK has no Server._oninitialize: --future-version needs updating');
  }
  server.server.setRequestHandler(InitializeRequestSchema, async (request) => ({
    ...(await sdk._oninitialize(request)),
    protocolVersion: version,
  }));
}

/** What Paper Trail's log lines need from a tool handler's `extra`: the HTTP session, if any. */
interface LogContext {
  sessionId?: string;
}

/**
 * One log line as notifications/message from the logger "paper-trail". The SDK sends nothing
 * when the logging capability was not declared (--logging), and drops lines below the level
 * a client chose with logging/setLevel (per session over HTTP).
 */
export function logLine(
  server: McpServer,
  extra: LogContext,
  level: LoggingLevel,
  data: string,
): Promise<void> {
  return server.sendLoggingMessage({ level, logger: 'paper-trail', data }, extra.sessionId);
}

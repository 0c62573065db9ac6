// Streamable HTTP front end: one endpoint (/mcp), one SDK transport + server per session,
// bound to 127.0.0.1 only, with Host and Origin checked before anything else runs.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createPaperTrailServer } from './server.ts';
import type { PaperTrailOptions } from './server.ts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { greetGetStream, refuseGetStream, resumableTransportOptions } from './http-resume.ts';
import type { StreamOptions } from './http-resume.ts';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, SessionTable } from './sessions.ts';
import { authMode } from './auth/auth-mode.ts';

export const MCP_PATH = '/mcp';

/** The options of features/http.ts and the other HTTP features, with what HTTP cannot do without. */
export interface HttpOptions extends PaperTrailOptions, StreamOptions {
  port: number;
  jsonResponse: boolean;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string) {
  // Same body shape the SDK transport uses for its own HTTP-level rejections.
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export async function startHttpServer(options: HttpOptions): Promise<RunningHttpServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessions = new SessionTable<StreamableHTTPServerTransport>({
    idleMs: options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    max: maxSessions,
    onExpired: (sessionId, idleMs) =>
      log(`paper-trail: session ${sessionId} expired after ${idleMs} ms idle`),
  });
  const servers = new WeakMap<StreamableHTTPServerTransport, McpServer>();
  const allowedHosts: string[] = [];
  const allowedOrigins: string[] = [];
  const auth = options.auth
    ? authMode(() => allowedOrigins[0], MCP_PATH, options.resource)
    : undefined;

  // DNS rebinding defence: a browser page on evil.example resolving to 127.0.0.1 still
  // sends its own Host/Origin, so both must name this very server.
  function rejectForeign(req: IncomingMessage, res: ServerResponse): boolean {
    const host = req.headers.host;
    if (!host || !allowedHosts.includes(host)) {
      log(`paper-trail: rejected Host ${JSON.stringify(host ?? null)}`);
      sendJsonRpcError(res, 403, -32000, `Invalid Host header: ${host ?? '(missing)'}`);
      return true;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.includes(origin)) {
      log(`paper-trail: rejected Origin ${JSON.stringify(origin)}`);
      sendJsonRpcError(res, 403, -32000, `Invalid Origin header: ${origin}`);
      return true;
    }
    return false;
  }

  function newSessionTransport(): StreamableHTTPServerTransport {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: options.jsonResponse,
      ...resumableTransportOptions(options),
      // The SDK's own check, kept on as a second line behind rejectForeign.
      enableDnsRebindingProtection: true,
      allowedHosts,
      allowedOrigins,
      onsessioninitialized: (sessionId) => {
        sessions.add(sessionId, transport);
        log(`paper-trail: session ${sessionId} opened`);
      },
      onsessionclosed: (sessionId) => {
        log(`paper-trail: session ${sessionId} closed by client`);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    return transport;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (rejectForeign(req, res)) return;
    // Before the session lookup: a session id is not a credential.
    if (auth && (await auth.handle(req, res))) return;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Paper Trail serves ${MCP_PATH}\n`);
      return;
    }
    if (refuseGetStream(options, req, res)) return;
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const transport = sessions.get(sessionId);
      if (!transport) {
        sendJsonRpcError(res, 404, -32001, 'Session not found');
        return;
      }
      // The session is busy until the response (an SSE stream included) is finished.
      sessions.begin(sessionId);
      res.once('close', () => sessions.end(sessionId));
      greetGetStream(options, req, res, servers.get(transport));
      await transport.handleRequest(req, res);
      return;
    }
    if (sessions.full()) {
      log(`paper-trail: refused a new session, ${maxSessions} are open`);
      res.setHeader('retry-after', '60');
      sendJsonRpcError(
        res,
        503,
        -32000,
        `Too many open sessions (limit ${maxSessions}): end one with DELETE or wait until idle ones expire`,
      );
      return;
    }
    // No session yet: a fresh transport lets the SDK decide, so initialize opens a session
    // and anything else gets the SDK's own "Server not initialized" answer.
    const release = sessions.reserve();
    try {
      const transport = newSessionTransport();
      const server = createPaperTrailServer(options);
      server.server.onerror = (error) => log(`paper-trail: ${error.message}`);
      servers.set(transport, server);
      await server.connect(transport);
      await transport.handleRequest(req, res);
      if (transport.sessionId === undefined) await server.close();
    } finally {
      release();
    }
  }

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`paper-trail: request failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, 'Internal error');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  allowedHosts.push(`127.0.0.1:${port}`, `localhost:${port}`);
  allowedOrigins.push(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  const url = `http://127.0.0.1:${port}${MCP_PATH}`;

  return {
    url,
    port,
    async close() {
      await sessions.closeAll();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

// Streamable HTTP for Paper Trail v2: the SDK's fetch-style createMcpHandler behind node:http,
// bound to 127.0.0.1, with Host and Origin checked before the handler sees anything. The
// handler is stateless: every POST is one exchange with a fresh server instance, no session.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { createPaperTrailV2, type PaperTrailV2Options } from './server.ts';

export const MCP_PATH_V2 = '/mcp';

export interface HttpV2Options extends PaperTrailV2Options {
  port: number;
  /** 'serve': a 2025-11-25 request is answered statelessly; 'reject': -32022. */
  legacy: 'serve' | 'reject';
  jsonResponse?: boolean;
  log?: (line: string) => void;
}

export interface RunningHttpV2Server {
  url: string;
  close(): Promise<void>;
}

const ALLOWED_HOSTS = ['127.0.0.1', 'localhost'];

async function toRequest(req: IncomingMessage, port: number): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
  return new Request(`http://127.0.0.1:${port}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  // Written as it comes, so an SSE stream (progress, subscriptions/listen) is not held back.
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

export async function startHttpV2Server(options: HttpV2Options): Promise<RunningHttpV2Server> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const handler = createMcpHandler(
    () =>
      createPaperTrailV2({
        seed: options.seed,
        stepDelayMs: options.stepDelayMs,
        undelivered: options.undelivered,
        inputKey: options.inputKey,
      }),
    {
      legacy: options.legacy === 'reject' ? 'reject' : 'stateless',
      ...(options.jsonResponse && { responseMode: 'json' as const }),
      onerror: (error) => log(`paper-trail-v2: ${error.message}`),
    },
  );
  let port = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const request = await toRequest(req, port);
      const url = new URL(request.url);
      // DNS rebinding defence: Host must name this machine, an Origin (if any) too.
      const refused =
        hostHeaderValidationResponse(request, ALLOWED_HOSTS) ??
        originValidationResponse(request, ALLOWED_HOSTS);
      if (refused) {
        log(`paper-trail-v2: refused Host ${request.headers.get('host') ?? '(none)'}`);
        return send(res, refused);
      }
      if (url.pathname !== MCP_PATH_V2) {
        return send(res, new Response('not found\n', { status: 404 }));
      }
      return send(res, await handler.fetch(request));
    })().catch((error: unknown) => {
      log(`paper-trail-v2: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH_V2}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// The offline-classroom server: serves the built site (dist/) from this machine on
// 127.0.0.1 only, with cross-origin isolation on exercise pages and the local runtime
// endpoint, so exercises run on this machine's Node without any network.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { createRuntimeEndpoint } from '../runtime/server/endpoint.ts';
import { loopbackHosts, newToken, type Gate } from '../runtime/server/security.ts';
import { serveSiteFile } from './site-files.ts';

export interface WorkshopOptions {
  dist: string;
  exercisesRoot: string;
  harnessMain: string;
  /** 0 picks a free port. */
  port: number;
  /** false serves the site alone, so the page falls back to the WebContainer (used in tests). */
  runtime: boolean;
  timeoutMs?: number;
}

export interface Workshop {
  server: Server;
  url: string;
  token: string;
  /** Ends every run (its processes and work folders), then closes the server. */
  close(): Promise<void>;
}

export async function startWorkshop(options: WorkshopOptions): Promise<Workshop> {
  const root = resolve(options.dist);
  let port = options.port;
  const gate: Gate = { token: newToken(), hosts: () => loopbackHosts(port) };
  const endpoint = options.runtime
    ? createRuntimeEndpoint({
        gate,
        exercisesRoot: options.exercisesRoot,
        harnessMain: options.harnessMain,
        timeoutMs: options.timeoutMs,
        // The built course does not change while the server runs (see standby.ts).
        standby: true,
      })
    : undefined;

  const server = createServer((req, res) => {
    // One request that trips over a bug answers 500; it must not end the classroom's server.
    try {
      if (endpoint?.(req, res)) return;
      serveSiteFile(root, req, res);
    } catch (err) {
      failRequest(req, res, err);
    }
  });

  server.on('clientError', answerClientError);

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    token: gate.token,
    async close() {
      // No new connections; then the runs end (learner processes and work folders with
      // them) while their answers can still say so; then the idle connections go.
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      await endpoint?.stopAll('the workshop server is stopping');
      server.closeAllConnections();
      await closed;
    },
  };
}

function failRequest(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  console.error(
    `workshop: the request ${req.method} ${req.url} failed; the server goes on serving.\n`,
    err,
  );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('The workshop server failed on this request (the error is in its terminal).');
}

/**
 * A request Node could not read. Too long an address (a search pasted with a whole file in
 * it) gets a page that says so and how to get back, instead of Node's empty 431; anything
 * else the plain 400 Node would send.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = err.code === 'HPE_HEADER_OVERFLOW';
  const body = tooLong
    ? '<!doctype html><meta charset="utf-8"><title>Address too long</title>' +
      '<p>This address is too long for the workshop server to read (more than 16 KB), so it ' +
      'cannot open it. A search is kept to 200 characters: <a href="/search/">search again</a>.</p>'
    : 'Bad request';
  const type = tooLong ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
  const status = tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

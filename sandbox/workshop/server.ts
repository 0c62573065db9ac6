// The offline-classroom server: serves the built site (dist/) from this machine on
// 127.0.0.1 only, with cross-origin isolation on exercise pages and the local runtime
// endpoint, so exercises run on this machine's Node without any network.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createRuntimeEndpoint } from '../runtime/local/endpoint.ts';
import { loopbackHosts, newToken, type Gate } from '../runtime/local/security.ts';
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

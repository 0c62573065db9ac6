// The local runtime endpoint alone, on a real HTTP server on a free loopback port, with the
// harness program a test chooses (the real one, or one that misbehaves on purpose).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createRuntimeEndpoint,
  type EndpointOptions,
  type RuntimeEndpoint,
} from '../../sandbox/runtime/server/endpoint.ts';
import { loopbackHosts, type Gate } from '../../sandbox/runtime/server/security.ts';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { rawRequest } from '../runtime/http.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const EXERCISES_ROOT = REPO;
export const HARNESS_MAIN = join(REPO, 'sandbox/harness/main.ts');

export interface EndpointServer {
  endpoint: RuntimeEndpoint;
  port: number;
  /** The headers the course page sends with a run: Host, Origin, token, content type. */
  headers: Record<string, string>;
  /** POSTs a run request and reads the whole NDJSON answer. */
  run(body: object): Promise<{ status: number; events: HarnessEvent[]; raw: string }>;
  close(): Promise<void>;
}

export async function startEndpointServer(
  options: Partial<Omit<EndpointOptions, 'gate'>> = {},
): Promise<EndpointServer> {
  let port = 0;
  const gate: Gate = { token: 'hostile-test-token', hosts: () => loopbackHosts(port) };
  const endpoint = createRuntimeEndpoint({
    gate,
    exercisesRoot: EXERCISES_ROOT,
    harnessMain: HARNESS_MAIN,
    ...options,
  });
  const server = createServer((req, res) => {
    if (!endpoint(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
  const headers = {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    'x-mcpw-token': gate.token,
    'content-type': 'application/json',
  };
  return {
    endpoint,
    port,
    headers,
    async run(body) {
      const res = await rawRequest(`http://127.0.0.1:${port}/__runtime/run`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const events =
        res.status === 200
          ? res.body
              .split('\n')
              .filter((line) => line.trim() !== '')
              .map((line) => JSON.parse(line) as HarnessEvent)
          : [];
      return { status: res.status, events, raw: res.body };
    },
    async close() {
      await endpoint.stopAll('the test is over');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// The SDK's own Client talks to the real Paper Trail process over both transports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';

const shipped = {
  order_id: 'PT-1041',
  status: 'shipped',
  carrier: 'Delhivery',
  eta: '2026-08-05',
};

// progressArrives: with enableJsonResponse the SDK has nowhere to put notifications that
// belong to a request, so it drops them; the test pins that down.
function sharedBehaviour(name: string, connect: () => Promise<Transport>, progressArrives = true) {
  describe(name, () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'paper-trail-test', version: '1.0.0' });
      await client.connect(await connect());
    });
    afterAll(async () => {
      await client?.close();
    });

    it('introduces itself and lists its tools with an output schema on order_status', async () => {
      expect(client.getServerVersion()).toEqual({ name: 'paper-trail', version: '1.0.0' });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'order_status',
        'shipping_label',
        'track_shipment',
      ]);
      const orderStatus = tools.find((tool) => tool.name === 'order_status')!;
      expect(orderStatus.outputSchema?.required).toEqual(['order_id', 'status', 'carrier', 'eta']);
    });

    it('answers PT-1041 with text and structuredContent', async () => {
      const result = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1041' },
      });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(shipped);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(shipped) }]);
    });

    it('answers PT-9999 with an isError result, not a protocol error', async () => {
      const result = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-9999' },
      });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: 'no such order: PT-9999' }]);
    });

    it('reports progress while tracking a shipment', async () => {
      const seen: string[] = [];
      const result = await client.callTool(
        { name: 'track_shipment', arguments: { order_id: 'PT-1041' } },
        undefined,
        {
          onprogress: (progress) =>
            seen.push(`${progress.progress}/${progress.total} ${progress.message}`),
        },
      );
      const steps = [
        '1/3 Label created: PT-1041 handed to Delhivery',
        '2/3 In transit: PT-1041 left the Bengaluru sort centre',
        '3/3 Last scan: shipped, ETA 2026-08-05',
      ];
      // The SDK client may drop the last progress when it shares a chunk with the response
      // (see server.ts), so a client-side view is a prefix; raw-stdio.test.ts pins the wire.
      if (progressArrives) {
        expect(seen.length).toBeGreaterThan(0);
        expect(seen).toEqual(steps.slice(0, seen.length));
      } else {
        expect(seen).toEqual([]);
      }
      expect(result.content).toEqual([
        { type: 'text', text: 'PT-1041: shipped with Delhivery, ETA 2026-08-05 (3 scans)' },
      ]);
    });

    it('serves the order resource and the reply prompt', async () => {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toContain('orders://PT-1041');
      const read = await client.readResource({ uri: 'orders://PT-1041' });
      expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(shipped);
      await expect(client.readResource({ uri: 'orders://PT-9999' })).rejects.toThrow(
        /Resource orders:\/\/PT-9999 not found/,
      );
      const prompt = await client.getPrompt({
        name: 'draft_customer_reply',
        arguments: { order_id: 'PT-1041' },
      });
      expect(prompt.messages[0]!.content).toMatchObject({
        type: 'text',
        text: expect.stringContaining('Delhivery'),
      });
    });
  });
}

sharedBehaviour('over stdio (spawned process)', async () => {
  const { command, args } = paperTrailCommand();
  return new StdioClientTransport({ command, args, stderr: 'pipe' });
});

const servers: SpawnedHttpServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

for (const jsonResponse of [false, true]) {
  sharedBehaviour(
    `over streamable HTTP (${jsonResponse ? 'JSON' : 'SSE'} replies)`,
    async () => {
      const server = await spawnPaperTrailHttp({ jsonResponse });
      servers.push(server);
      return new StreamableHTTPClientTransport(new URL(server.url));
    },
    !jsonResponse,
  );
}

// What a 2025-11-25 client (SDK 1.32.2's Client) sees when it meets Paper Trail v2: served
// as before in the default mode (cancel_order's question arrives as a real
// elicitation/create request), refused with -32022 when the server runs with --legacy reject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { paperTrailV2Command } from '../../sandbox/paper-trail-v2/command.ts';
import { spawnPaperTrailHttp, type SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';

function v1Client() {
  const client = new Client(
    { name: 'paper-trail-v1-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { confirm: true } };
  });
  return { client, asked };
}

const stdio = (flags: string[] = []) => {
  const { command, args } = paperTrailV2Command(flags);
  return new StdioClientTransport({ command, args, stderr: 'ignore' });
};

describe('SDK 1.32.2 client, v2 server in serve mode (stdio)', () => {
  const { client, asked } = v1Client();
  beforeAll(async () => {
    await client.connect(stdio());
  });
  afterAll(async () => {
    await client.close();
  });

  it('initializes at 2025-11-25 and looks up PT-1041', async () => {
    expect(client.getServerVersion()).toEqual({ name: 'paper-trail-v2', version: '2.0.0' });
    const result = await client.callTool({
      name: 'order_status',
      arguments: { order_id: 'PT-1041' },
    });
    expect(result.structuredContent).toMatchObject({ order_id: 'PT-1041', status: 'shipped' });
  });

  it('gets cancel_order confirmation as an elicitation/create request', async () => {
    const result = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1041' },
    });
    expect(asked).toEqual(['Cancel order PT-1041 (shipped with Delhivery)?']);
    expect(result.content).toEqual([{ type: 'text', text: 'PT-1041 is cancelled' }]);
  });

  it('can still ping (ping exists in 2025-11-25)', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });
});

describe('SDK 1.32.2 client, v2 server with --legacy reject', () => {
  it('fails to connect over stdio: initialize is answered with -32022', async () => {
    const { client } = v1Client();
    await expect(client.connect(stdio(['--legacy', 'reject']))).rejects.toMatchObject({
      code: -32022,
    });
    await client.close();
  });

  describe('over HTTP', () => {
    let server: SpawnedHttpServer;
    beforeAll(async () => {
      server = await spawnPaperTrailHttp({
        commandFor: paperTrailV2Command,
        flags: ['--legacy', 'reject'],
      });
    });
    afterAll(async () => {
      await server?.stop();
    });
    it('fails to connect: the initialize POST gets -32022', async () => {
      const { client } = v1Client();
      await expect(
        client.connect(new StreamableHTTPClientTransport(new URL(server.url))),
      ).rejects.toThrow(/-32022|Unsupported protocol version/);
      await client.close();
    });
  });
});

describe('SDK 1.32.2 client, v2 server over stateless HTTP', () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnPaperTrailHttp({ commandFor: paperTrailV2Command });
  });
  afterAll(async () => {
    await server?.stop();
  });
  it('works without a session: order_status answers', async () => {
    const { client } = v1Client();
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const result = await client.callTool({
      name: 'order_status',
      arguments: { order_id: 'PT-1041' },
    });
    expect(result.structuredContent).toMatchObject({ order_id: 'PT-1041' });
    await client.close();
  });
});

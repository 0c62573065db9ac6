// Paper Trail v2 against the v2 SDK Client (2.4.0) over stdio and streamable HTTP, in both
// ways the client reaches 2026-07-28: 'auto' (server/discover first, falls back to
// initialize) and a pin (2026-07-28 or fail). The elicitation handler stands in for the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { paperTrailV2Command } from '../../sandbox/paper-trail-v2/command.ts';
import { spawnPaperTrailHttp, type SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';

const shipped = { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' };
type Mode = 'auto' | { pin: '2026-07-28' };

function newClient(mode: Mode, answer: { confirm: boolean }) {
  const client = new Client(
    { name: 'paper-trail-v2-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } },
  );
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(String(request.params.message));
    return { action: 'accept', content: answer };
  });
  return { client, asked };
}

const stdio = (flags: string[] = []) => {
  const { command, args } = paperTrailV2Command(flags);
  return new StdioClientTransport({ command, args, stderr: 'ignore' });
};

function behaves(
  name: string,
  mode: Mode,
  transport: () => Promise<StdioClientTransport | StreamableHTTPClientTransport>,
) {
  describe(name, () => {
    let yes: ReturnType<typeof newClient>;
    beforeAll(async () => {
      yes = newClient(mode, { confirm: true });
      await yes.client.connect(await transport());
    });
    afterAll(async () => {
      await yes?.client.close();
    });

    it('speaks 2026-07-28 with paper-trail-v2', () => {
      expect(yes.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(yes.client.getServerVersion()).toEqual({ name: 'paper-trail-v2', version: '2.0.0' });
    });

    it('lists the three tools and looks up PT-1041', async () => {
      const { tools } = await yes.client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'cancel_order',
        'order_status',
        'track_shipment',
      ]);
      const result = await yes.client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1041' },
      });
      expect(result.structuredContent).toEqual(shipped);
    });

    it('reports an unknown order as a failed tool, not a protocol error', async () => {
      const result = await yes.client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-9999' },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('no such order: PT-9999');
    });

    it('cancels after asking (input-required, answered and retried by the client)', async () => {
      const result = await yes.client.callTool({
        name: 'cancel_order',
        arguments: { order_id: 'PT-1041' },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'PT-1041 is cancelled' }]);
      expect(yes.asked).toEqual(['Cancel order PT-1041 (shipped with Delhivery)?']);
    });

    it('reads orders://PT-1041 from the template and refuses an unknown order with -32602', async () => {
      const read = await yes.client.readResource({ uri: 'orders://PT-1041' });
      expect(read.contents).toEqual([
        { uri: 'orders://PT-1041', mimeType: 'application/json', text: JSON.stringify(shipped) },
      ]);
      await expect(yes.client.readResource({ uri: 'orders://PT-9999' })).rejects.toMatchObject({
        code: -32602,
      });
    });
  });
}

behaves('stdio, auto', 'auto', async () => stdio());
behaves('stdio, pinned to 2026-07-28 (reject mode)', { pin: '2026-07-28' }, async () =>
  stdio(['--legacy', 'reject']),
);

describe('streamable HTTP', () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnPaperTrailHttp({ commandFor: paperTrailV2Command });
  });
  afterAll(async () => {
    await server?.stop();
  });
  behaves('HTTP, auto', 'auto', async () => new StreamableHTTPClientTransport(new URL(server.url)));
  behaves(
    'HTTP, pinned',
    { pin: '2026-07-28' },
    async () => new StreamableHTTPClientTransport(new URL(server.url)),
  );
});

describe('track_shipment progress on 2026-07-28 (stdio)', () => {
  it('reports each scan as progress, then the result', async () => {
    const { client } = newClient({ pin: '2026-07-28' }, { confirm: true });
    await client.connect(stdio());
    try {
      const seen: string[] = [];
      const result = await client.callTool(
        { name: 'track_shipment', arguments: { order_id: 'PT-1041' } },
        { onprogress: (p) => seen.push(`${p.progress}/${p.total} ${p.message}`) },
      );
      expect(seen).toEqual([
        '1/3 Label created: PT-1041 handed to Delhivery',
        '2/3 In transit: PT-1041 left the Bengaluru sort centre',
        '3/3 Last scan: shipped, ETA 2026-08-05',
      ]);
      expect(JSON.stringify(result.content)).toContain('PT-1041: shipped with Delhivery');
    } finally {
      await client.close();
    }
  });

  it('refuses ping and logging/setLevel locally: they are not 2026-07-28 methods', async () => {
    const { client } = newClient({ pin: '2026-07-28' }, { confirm: true });
    await client.connect(stdio());
    try {
      // An SdkError raised before anything is written: nothing reaches the wire.
      const local = { code: 'METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION' };
      await expect(client.ping()).rejects.toMatchObject(local);
      await expect(client.setLoggingLevel('info')).rejects.toMatchObject(local);
    } finally {
      await client.close();
    }
  });

  it('keeps the order when the user says no', async () => {
    const { client } = newClient({ pin: '2026-07-28' }, { confirm: false });
    await client.connect(stdio());
    try {
      const result = await client.callTool({
        name: 'cancel_order',
        arguments: { order_id: 'PT-1041' },
      });
      expect(result.content).toEqual([
        { type: 'text', text: 'PT-1041 was not cancelled (the user said no)' },
      ]);
    } finally {
      await client.close();
    }
  });
});

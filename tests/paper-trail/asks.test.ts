// --asks with the SDK's own Client: a client that declares elicitation, sampling and roots and
// answers each server request the way a host would, and one that declares nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createPaperTrailServer } from '../../sandbox/paper-trail/server.ts';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import { parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

type Capabilities = ConstructorParameters<typeof Client>[1] extends infer O
  ? O extends { capabilities?: infer C }
    ? C
    : never
  : never;

async function connect(capabilities: Capabilities, seed?: number) {
  const server = createPaperTrailServer({ asks: true, seed });
  const client = new Client({ name: 'asks-test', version: '1.0.0' }, { capabilities });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
  open.push(client);
  return client;
}

const text = (r: unknown) =>
  ((r as { content: { text: string }[] }).content[0] ?? { text: '' }).text;

describe('paper trail --asks', () => {
  it('parses --asks and lists the asking tools only with it', async () => {
    expect(parsePaperTrailArgs(['--asks'])).toMatchObject({ mode: 'stdio', asks: true });
    const plain = new Client({ name: 'plain', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await createPaperTrailServer().connect(a);
    await plain.connect(b);
    open.push(plain);
    const names = (await plain.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('cancel_order');
    const asking = await connect({});
    const all = (await asking.listTools()).tools.map((t) => t.name);
    expect(all).toEqual(
      expect.arrayContaining([
        'cancel_order',
        'summarise_order',
        'export_orders',
        'book_pickup',
        'ping_client',
      ]),
    );
  });

  it('cancel_order asks by form elicitation and honours accept and decline', async () => {
    const client = await connect({ elicitation: { form: {} } });
    const answers = [
      { action: 'decline' as const },
      { action: 'accept' as const, content: { confirm: true } },
    ];
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answers.shift()!;
    });
    const no = await client.callTool({ name: 'cancel_order', arguments: { order_id: 'PT-1041' } });
    expect(text(no)).toBe(
      'PT-1041 stays shipped with Delhivery: not cancelled (the user chose decline)',
    );
    const yes = await client.callTool({ name: 'cancel_order', arguments: { order_id: 'PT-1041' } });
    expect(text(yes)).toBe('PT-1041 is cancelled (it was shipped with Delhivery)');
    const again = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1041' },
    });
    expect(again.isError).toBe(true);
    expect(text(again)).toBe('PT-1041 is already cancelled');
    expect(asked[0]).toMatchObject({
      mode: 'form',
      requestedSchema: { type: 'object', required: ['confirm'] },
    });
    const delivered = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1017' },
    });
    expect(delivered.isError).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('per-run data decides which orders may be cancelled', async () => {
    // Seed 7: PT-1041 is delivered, PT-1017 shipped (orders.ts).
    const client = await connect({ elicitation: {} }, 7);
    let asked = 0;
    client.setRequestHandler(ElicitRequestSchema, () => {
      asked += 1;
      return { action: 'accept', content: { confirm: true } };
    });
    const first = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1041' },
    });
    expect(first.isError).toBe(true);
    const second = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1017' },
    });
    expect(text(second)).toMatch(/^PT-1017 is cancelled \(it was shipped with /);
    expect(asked).toBe(1);
  });

  it('refuses content that does not fit the form, and fails without the capability', async () => {
    const client = await connect({ elicitation: { form: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { confirm: 'yes' },
    }));
    const wrong = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1041' },
    });
    expect(wrong.isError).toBe(true);
    expect(text(wrong)).toContain('does not match requested schema');
    const bare = await connect({});
    const refused = await bare.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1041' },
    });
    expect(text(refused)).toBe('Client does not support form elicitation.');
  });

  it('summarise_order samples, export_orders follows the roots, ping_client pings', async () => {
    const client = await connect({ sampling: {}, roots: { listChanged: true } });
    client.setRequestHandler(CreateMessageRequestSchema, (request) => ({
      role: 'assistant',
      content: { type: 'text', text: `summary of ${request.params.messages.length} message` },
      model: 'test-model',
    }));
    let roots = [{ uri: 'file:///tmp/a', name: 'a' }];
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
    const summary = await client.callTool({
      name: 'summarise_order',
      arguments: { order_id: 'PT-1041' },
    });
    expect(text(summary)).toBe('PT-1041, summarised by test-model: summary of 1 message');
    expect(text(await client.callTool({ name: 'export_orders', arguments: {} }))).toMatch(
      /^for file:\/\/\/tmp\/a\/paper-trail-orders\.csv/,
    );
    roots = [{ uri: 'file:///tmp/b', name: 'b' }];
    await client.sendRootsListChanged();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text(await client.callTool({ name: 'export_orders', arguments: {} }))).toMatch(
      /^for file:\/\/\/tmp\/b\//,
    );
    expect(text(await client.callTool({ name: 'ping_client', arguments: {} }))).toBe(
      'the client answered the ping',
    );
  });

  it('book_pickup answers -32042 with data.elicitations, then books after the sign-in', async () => {
    const client = await connect({ elicitation: { form: {}, url: {} } });
    const error = await client
      .callTool({ name: 'book_pickup', arguments: { order_id: 'PT-1041' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.UrlElicitationRequired);
    expect((error as McpError).data).toMatchObject({
      elicitations: [{ mode: 'url', elicitationId: 'sign-in-PT-1041' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const booked = await client.callTool({
      name: 'book_pickup',
      arguments: { order_id: 'PT-1041' },
    });
    expect(text(booked)).toBe('pickup booked for PT-1041 with Delhivery');
  });
});

describe('paper trail --asks as its own process', () => {
  const confirmingClient = () => {
    const client = new Client(
      { name: 'asks-process', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { confirm: true },
    }));
    open.push(client);
    return client;
  };

  it('asks over stdio, started with --asks --seed', async () => {
    const client = confirmingClient();
    // Seed 9: both orders may be cancelled (orders.ts).
    await client.connect(
      new StdioClientTransport({ ...paperTrailCommand(['--asks', '--seed', '9']), stderr: 'pipe' }),
    );
    const result = await client.callTool({
      name: 'cancel_order',
      arguments: { order_id: 'PT-1017' },
    });
    expect(text(result)).toMatch(/^PT-1017 is cancelled \(it was processing with /);
  });

  it('asks over streamable HTTP, within the call', async () => {
    const server = await spawnPaperTrailHttp({ flags: ['--asks'] });
    try {
      const client = confirmingClient();
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const result = await client.callTool({
        name: 'cancel_order',
        arguments: { order_id: 'PT-1041' },
      });
      expect(text(result)).toBe('PT-1041 is cancelled (it was shipped with Delhivery)');
      await client.close();
    } finally {
      await server.stop();
    }
  });
});

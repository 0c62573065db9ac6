// Paper Trail --live, driven by the SDK's own Client over stdio: the resource template, the
// binary label, paged resources/list, subscriptions to an order that moves on, completions,
// and both "not found" answers (Paper Trail's -32002, the SDK's -32602).
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { createPaperTrailServer } from '../../sandbox/paper-trail/server.ts';
import { catalog } from '../../sandbox/paper-trail/resources/catalog.ts';
import { parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';

let client: Client | undefined;

async function connect(extra: string[] = []): Promise<Client> {
  const { command, args } = paperTrailCommand();
  client = new Client({ name: 'paper-trail-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args: [...args, '--live', ...extra] }));
  return client;
}

afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function errorOf(p: Promise<unknown>): Promise<McpError> {
  try {
    await p;
  } catch (error) {
    return error as McpError;
  }
  throw new Error('expected the request to fail');
}

describe('the --live flag', () => {
  it('is parsed for stdio and for HTTP, and absent by default', () => {
    expect(parsePaperTrailArgs(['--live'])).toEqual({ mode: 'stdio', live: true });
    expect(parsePaperTrailArgs(['--live', '--seed', '3'])).toEqual({
      mode: 'stdio',
      seed: 3,
      live: true,
    });
    expect(parsePaperTrailArgs(['--http', '--live'])).toMatchObject({ mode: 'http', live: true });
    expect(parsePaperTrailArgs([])).toEqual({ mode: 'stdio' });
  });
});

describe('Paper Trail --live resources', () => {
  it('declares subscribe and completions, and lists the catalog in pages of 4', async () => {
    const c = await connect();
    expect(c.getServerCapabilities()?.resources).toEqual({ listChanged: true, subscribe: true });
    expect(c.getServerCapabilities()?.completions).toEqual({});
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await c.listResources(cursor === undefined ? {} : { cursor });
      expect(page.resources.length).toBeLessThanOrEqual(4);
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    // The orders first, newest first; any other resource of the server after them.
    const orders = catalog().orders.map((o) => `orders://${o.order_id}`);
    expect(uris.slice(0, orders.length)).toEqual(orders);
    expect(uris.slice(orders.length).some((u) => u.startsWith('orders://'))).toBe(false);
    expect(uris[0]).toBe('orders://PT-1063');
    const bad = await errorOf(c.listResources({ cursor: 'not-a-cursor' }));
    expect(bad.code).toBe(-32602);
  });

  it('names its templates and reads an order as JSON text and its label as a base64 PNG blob', async () => {
    const c = await connect();
    const { resourceTemplates } = await c.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'orders://{order_id}',
      'orders://{order_id}/label',
    ]);
    const read = await c.readResource({ uri: 'orders://PT-1041' });
    expect(read.contents).toEqual([
      {
        uri: 'orders://PT-1041',
        mimeType: 'application/json',
        text: JSON.stringify({
          order_id: 'PT-1041',
          status: 'shipped',
          carrier: 'Delhivery',
          eta: '2026-08-05',
        }),
      },
    ]);
    const label = await c.readResource({ uri: 'orders://PT-1041/label' });
    const blob = (label.contents[0] as { blob: string }).blob;
    expect(label.contents[0]!.mimeType).toBe('image/png');
    expect(Buffer.from(blob, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers an unknown order with -32002 and a URI no template matches with the SDK -32602', async () => {
    const c = await connect();
    const missing = await errorOf(c.readResource({ uri: 'orders://PT-9999' }));
    expect(missing.code).toBe(-32002);
    expect(missing.message).toContain('Resource orders://PT-9999 not found');
    const unmatched = await errorOf(c.readResource({ uri: 'order://PT-1041' }));
    expect(unmatched.code).toBe(-32602);
    expect(unmatched.message).toContain('Resource order://PT-1041 not found');
  });

  it('completes order ids for the template and for the prompt argument', async () => {
    const c = await connect();
    const forTemplate = await c.complete({
      ref: { type: 'ref/resource', uri: 'orders://{order_id}' },
      argument: { name: 'order_id', value: 'PT-10' },
    });
    expect(forTemplate.completion.values).toContain('PT-1041');
    expect(forTemplate.completion.values.every((v) => v.startsWith('PT-10'))).toBe(true);
    const forPrompt = await c.complete({
      ref: { type: 'ref/prompt', name: 'draft_customer_reply' },
      argument: { name: 'order_id', value: 'PT-104' },
    });
    expect(forPrompt.completion.values).toEqual(['PT-1049', 'PT-1041']);
    const prompt = await c.getPrompt({
      name: 'draft_customer_reply',
      arguments: { order_id: 'PT-1063' },
    });
    expect(prompt.messages[0]!.content).toMatchObject({ type: 'text' });
    expect(JSON.stringify(prompt.messages)).toContain('processing');
  });

  for (const seed of [undefined, 7, 123456]) {
    it(`moves the subscribed order on to delivered and announces one other order (seed ${seed})`, async () => {
      const book = catalog(seed);
      const c = await connect(seed === undefined ? [] : ['--seed', String(seed)]);
      const watched = `orders://${book.live}`;
      const first = (await c.listResources()).resources[0]!.uri;
      expect(first).toBe(watched);
      const seen: string[] = [];
      const statuses: string[] = [];
      const done = new Promise<void>((resolve) => {
        c.setNotificationHandler(ResourceUpdatedNotificationSchema, async ({ params }) => {
          seen.push(params.uri);
          if (params.uri !== watched) return;
          const read = await c.readResource({ uri: watched });
          const { status } = JSON.parse((read.contents[0] as { text: string }).text) as {
            status: string;
          };
          statuses.push(status);
          if (status === 'delivered') resolve();
        });
      });
      await c.subscribeResource({ uri: watched });
      await done;
      expect(statuses).toEqual(book.steps);
      expect(seen.filter((u) => u !== watched)).toEqual([`orders://${book.other.order_id}`]);
      await c.unsubscribeResource({ uri: watched });
    });
  }

  for (const seed of [undefined, 7, 123456]) {
    it(`--repeat-status: one update keeps the status and moves the ETA (seed ${seed})`, async () => {
      const plain = catalog(seed);
      const book = catalog(seed, true);
      expect(book.steps).toHaveLength(plain.steps.length + 1);
      expect(book.steps.at(-1)).toBe('delivered');
      const c = await connect([
        '--repeat-status',
        ...(seed === undefined ? [] : ['--seed', String(seed)]),
      ]);
      const watched = `orders://${book.live}`;
      const reads: { status: string; eta: string }[] = [];
      const readOnce = async () => {
        const read = await c.readResource({ uri: watched });
        reads.push(JSON.parse((read.contents[0] as { text: string }).text));
        return reads.at(-1)!.status;
      };
      const done = new Promise<void>((resolve) => {
        c.setNotificationHandler(ResourceUpdatedNotificationSchema, async ({ params }) => {
          if (params.uri !== watched) return;
          if ((await readOnce()) === 'delivered') resolve();
        });
      });
      await c.subscribeResource({ uri: watched });
      await readOnce();
      await done;
      const statuses = reads.map((r) => r.status);
      const repeats = statuses.filter((s, i) => i > 0 && s === statuses[i - 1]);
      expect(repeats).toHaveLength(1);
      const at = statuses.findIndex((s, i) => i > 0 && s === statuses[i - 1]);
      expect(reads[at]!.eta).not.toBe(reads[at - 1]!.eta);
    });
  }

  it('refuses --repeat-status without --live', () => {
    expect(() => parsePaperTrailArgs(['--repeat-status'])).toThrow(
      /--repeat-status only makes sense together with --live/,
    );
  });

  it('lists a fixed resource registered beside the catalog after the orders, on the last page', async () => {
    const server = createPaperTrailServer({ live: true });
    server.registerResource('extra', 'extra://one', { mimeType: 'text/plain' }, async (uri) => ({
      contents: [{ uri: uri.href, text: 'one' }],
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'paper-trail-test', version: '1.0.0' });
    await client.connect(clientSide);
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(uris.at(-1)).toBe('extra://one');
    expect(uris.filter((u) => u.startsWith('orders://'))).toHaveLength(catalog().orders.length);
  });

  it('refuses a subscription to an order that does not exist with -32002', async () => {
    const c = await connect();
    const missing = await errorOf(c.subscribeResource({ uri: 'orders://PT-9999' }));
    expect(missing.code).toBe(-32002);
  });
});

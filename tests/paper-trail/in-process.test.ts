// createPaperTrailServer() used in-process, the way the harness and unit tests can use it.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createPaperTrailServer } from '../../sandbox/paper-trail/index.ts';

describe('createPaperTrailServer in-process', () => {
  it('serves order_status over a linked in-memory pair', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createPaperTrailServer({ stepDelayMs: 0 });
    await server.connect(serverSide);
    const client = new Client({ name: 'in-process', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const found = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1041' },
      });
      expect(found.structuredContent).toMatchObject({ carrier: 'Delhivery', eta: '2026-08-05' });
      const tracked = await client.callTool({
        name: 'track_shipment',
        arguments: { order_id: 'PT-9999' },
      });
      expect(tracked).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'no such order: PT-9999' }],
      });
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('gives each call a fresh server with no shared connection state', async () => {
    const first = createPaperTrailServer();
    const second = createPaperTrailServer();
    expect(first).not.toBe(second);
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    await first.connect(serverSide);
    expect(first.isConnected()).toBe(true);
    expect(second.isConnected()).toBe(false);
    await first.close();
  });
});

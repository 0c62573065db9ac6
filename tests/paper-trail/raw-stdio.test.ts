// Raw JSON-RPC lines straight into the real process: what the SDK server puts on the wire.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnRaw } from './raw-line.ts';
import type { RawPeer } from './raw-line.ts';

const frame = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value });

describe('Paper Trail over raw stdio lines', () => {
  let peer: RawPeer;
  beforeAll(async () => {
    peer = spawnRaw();
    peer.send(
      frame({
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw-test', version: '1.0.0' },
        },
      }),
    );
    await peer.reply(1);
    peer.send(frame({ method: 'notifications/initialized' }));
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('answers initialize with its name and the negotiated version', async () => {
    expect(await peer.reply(1)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-11-25', serverInfo: { name: 'paper-trail' } },
    });
  });

  it('answers order_status PT-1041 with structuredContent', async () => {
    peer.send(
      frame({
        id: 2,
        method: 'tools/call',
        params: { name: 'order_status', arguments: { order_id: 'PT-1041' } },
      }),
    );
    const reply = await peer.reply(2);
    expect(reply.error).toBeUndefined();
    expect(reply.result).toMatchObject({
      structuredContent: { status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' },
    });
    expect(reply.result).not.toHaveProperty('isError');
  });

  it('answers order_status PT-9999 with result.isError, not error', async () => {
    peer.send(
      frame({
        id: 3,
        method: 'tools/call',
        params: { name: 'order_status', arguments: { order_id: 'PT-9999' } },
      }),
    );
    expect(await peer.reply(3)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'no such order: PT-9999' }], isError: true },
    });
  });

  it('answers an unknown method with -32601', async () => {
    peer.send(frame({ id: 4, method: 'orders/cancel', params: { order_id: 'PT-1041' } }));
    expect(await peer.reply(4)).toMatchObject({ id: 4, error: { code: -32601 } });
  });

  it('drops a stray non-JSON line silently and keeps answering', async () => {
    const before = peer.lines.length;
    peer.send('hello from a stray console.log');
    peer.send(frame({ id: 5, method: 'ping' }));
    expect(await peer.reply(5)).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
    expect(peer.lines.length).toBe(before + 1);
    // stderr is its own pipe: its report may arrive after the ping's reply on stdout.
    await vi.waitFor(() => expect(peer.stderr()).toContain('is not valid JSON'), {
      timeout: 10_000,
    });
  });

  it('sends three progress notifications before the track_shipment result', async () => {
    const before = peer.lines.length;
    peer.send(
      frame({
        id: 6,
        method: 'tools/call',
        params: {
          name: 'track_shipment',
          arguments: { order_id: 'PT-1041' },
          _meta: { progressToken: 'track-1' },
        },
      }),
    );
    await peer.reply(6);
    const frames = peer.lines.slice(before).map((line) => JSON.parse(line));
    expect(frames.map((f) => f.params?.progress ?? `result ${f.id}`)).toEqual([
      1,
      2,
      3,
      'result 6',
    ]);
    expect(frames[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: {
        progressToken: 'track-1',
        progress: 1,
        total: 3,
        message: 'Label created: PT-1041 handed to Delhivery',
      },
    });
  });

  it('puts nothing but JSON-RPC messages on stdout', () => {
    expect(peer.lines.length).toBeGreaterThanOrEqual(5);
    for (const line of peer.lines) {
      const message = JSON.parse(line) as Record<string, unknown>;
      expect(message.jsonrpc).toBe('2.0');
      const isResponse = 'id' in message && ('result' in message || 'error' in message);
      const isNotificationOrRequest = typeof message.method === 'string';
      expect(isResponse || isNotificationOrRequest, line).toBe(true);
    }
    // The readiness line exists, and it went to stderr.
    expect(peer.stderr()).toContain('paper-trail: speaking MCP on stdio');
  });
});

// Lesson 6's Paper Trail features: track_shipment honours cancellation, logs each scan,
// plans a per-run tracking in a check run (sometimes rushing to its result), and
// --maintenance takes a tool off the list with notifications/tools/list_changed.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import { serverOptionsFor, stdioServerOptions } from '../../sandbox/paper-trail/stdio-options.ts';
import { orderBook } from '../../sandbox/paper-trail/orders.ts';
import { trackingPlan } from '../../sandbox/paper-trail/tools/track-shipment.ts';
import { spawnRaw, type RawPeer } from './raw-line.ts';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
const track = (id: number | string, token: number | string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'track_shipment',
      arguments: { order_id: 'PT-1041' },
      _meta: { progressToken: token },
    },
  });
const cancel = (requestId: unknown) =>
  JSON.stringify({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId, reason: 'test' },
  });
const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connectSdk(args: string[]): Promise<Client> {
  const client = new Client({ name: 'lesson-6-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport(paperTrailCommand(args)));
  return client;
}

function messages(peer: RawPeer): Record<string, unknown>[] {
  return peer.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const progressOf = (peer: RawPeer) =>
  messages(peer).filter((m) => m.method === 'notifications/progress');

async function until(what: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

describe('flags', () => {
  it('reads --scan-ms and --maintenance, and refuses a bad pause', () => {
    expect(parsePaperTrailArgs(['--scan-ms', '300', '--maintenance'])).toEqual({
      mode: 'stdio',
      stepDelayMs: 300,
      maintenance: true,
    });
    expect(() => parsePaperTrailArgs(['--scan-ms', 'soon'])).toThrow(/--scan-ms/);
    // The bundled copies (WebContainer, take-home) read the flags through stdioServerOptions:
    // the pause must reach the server there too, with the carrier key and a log.
    const bundled = stdioServerOptions(['--scan-ms', '500', '--logging']);
    expect(bundled).toMatchObject({ stepDelayMs: 500, logging: true });
    expect(bundled.log).toBeTypeOf('function');
    expect(serverOptionsFor({ mode: 'stdio' }, { PAPER_TRAIL_CARRIER_KEY: 'k' }).carrier).toEqual({
      keySeen: true,
    });
    expect(() => parsePaperTrailArgs(['--scan-ms', '60001'])).toThrow(/--scan-ms/);
  });
});

describe('trackingPlan', () => {
  const order = orderBook()[0]!;

  it('walks the three quoted scans without a seed', () => {
    const plan = trackingPlan(order, undefined, 20);
    expect(plan.progress).toEqual([1, 2, 3]);
    expect(plan.total).toBe(3);
    expect(plan.pauses).toEqual([20, 20, 20, 20]);
  });

  it('varies the scans, per-cent progress and pauses per seed, and rushes in some runs', () => {
    let rushes = 0;
    const lengths = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const plan = trackingPlan(orderBook(seed)[0]!, seed);
      expect(plan).toEqual(trackingPlan(orderBook(seed)[0]!, seed));
      lengths.add(plan.messages.length);
      expect(plan.progress.at(-1)).toBe(100);
      expect(plan.total).toBe(100);
      for (let i = 1; i < plan.progress.length; i++) {
        expect(plan.progress[i]).toBeGreaterThan(plan.progress[i - 1]!);
      }
      // The client always has the first two scans a quarter of a second apart at least.
      expect(plan.pauses[0]).toBeGreaterThanOrEqual(250);
      expect(plan.pauses[1]).toBeGreaterThanOrEqual(250);
      expect(plan.progress[1]).not.toBe(2);
      if (plan.pauses.slice(2).every((p) => p === 0)) rushes += 1;
      else expect(plan.pauses.slice(2).every((p) => p >= 250)).toBe(true);
    }
    expect([...lengths].sort()).toEqual([4, 5, 6]);
    expect(rushes).toBeGreaterThan(5);
    expect(rushes).toBeLessThan(35);
  });

  it('--pace pins the rush and keeps the rest of the seeded plan', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const drawn = trackingPlan(orderBook(seed)[0]!, seed);
      const rushed = trackingPlan(orderBook(seed)[0]!, seed, 20, 'rushed');
      const paced = trackingPlan(orderBook(seed)[0]!, seed, 20, 'paced');
      for (const plan of [rushed, paced]) {
        expect(plan.messages).toEqual(drawn.messages);
        expect(plan.progress).toEqual(drawn.progress);
        expect(plan.pauses.slice(0, 2)).toEqual(drawn.pauses.slice(0, 2));
      }
      expect(rushed.pauses.slice(2).every((p) => p === 0)).toBe(true);
      expect(paced.pauses.slice(2).every((p) => p >= 250)).toBe(true);
    }
    // Without a seed a rushed call sends its last scan and the result with no pause.
    expect(trackingPlan(order, undefined, 20, 'rushed').pauses).toEqual([20, 20, 0, 0]);
    expect(trackingPlan(order, undefined, 20, 'paced').pauses).toEqual([20, 20, 20, 20]);
  });

  it('--second-scan-ms replaces the pause before the second scan, with a seed or without', () => {
    expect(trackingPlan(order, undefined, 20, undefined, 2000).pauses).toEqual([20, 2000, 20, 20]);
    for (let seed = 1; seed <= 10; seed++) {
      const drawn = trackingPlan(orderBook(seed)[0]!, seed);
      const held = trackingPlan(orderBook(seed)[0]!, seed, 20, undefined, 2000);
      expect(held.messages).toEqual(drawn.messages);
      expect(held.pauses).toEqual(drawn.pauses.map((p, i) => (i === 1 ? 2000 : p)));
    }
    expect(parsePaperTrailArgs(['--http', '--second-scan-ms', '2000'])).toMatchObject({
      mode: 'http',
      secondScanMs: 2000,
    });
  });

  it('reads --pace and refuses any other value with a sentence', () => {
    expect(parsePaperTrailArgs(['--pace', 'rushed'])).toEqual({ mode: 'stdio', pace: 'rushed' });
    expect(() => parsePaperTrailArgs(['--pace', 'fast'])).toThrow(
      '--pace must be "rushed" or "paced", got "fast"',
    );
  });
});

describe('track_shipment and cancellation (SDK Client)', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('stops when the SDK client aborts the call: no more progress, a notice, no result', async () => {
    client = await connectSdk(['--scan-ms', '150', '--logging']);
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(`${n.params.level} ${String(n.params.data)}`);
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const call = client.callTool(
      { name: 'track_shipment', arguments: { order_id: 'PT-1041' } },
      undefined,
      {
        signal: controller.signal,
        onprogress: (p) => {
          seen.push(p.progress);
          if (seen.length === 2) controller.abort('enough');
        },
      },
    );
    await expect(call).rejects.toThrow();
    await until(() => logs.some((l) => l.startsWith('notice')));
    await sleep(400);
    expect(seen).toEqual([1, 2]);
    expect(logs).toEqual([
      'info track_shipment: PT-1041 scan 1: Label created: PT-1041 handed to Delhivery',
      'info track_shipment: PT-1041 scan 2: In transit: PT-1041 left the Bengaluru sort centre',
      'notice track_shipment: PT-1041 cancelled after 2 of 3 scans (enough)',
    ]);
  });

  it('--maintenance: set_maintenance takes track_shipment off the list and back, with list_changed', async () => {
    client = await connectSdk(['--maintenance']);
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes += 1;
    });
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const names = async () => (await client!.listTools()).tools.map((t) => t.name).sort();
    expect(await names()).toContain('track_shipment');

    const on = await client.callTool({ name: 'set_maintenance', arguments: { on: true } });
    expect(on.content).toEqual([
      { type: 'text', text: 'maintenance on: track_shipment is offline' },
    ]);
    await until(() => changes === 1);
    expect(await names()).toEqual(['order_status', 'set_maintenance', 'shipping_label']);
    const refused = await client.callTool({
      name: 'track_shipment',
      arguments: { order_id: 'PT-1041' },
    });
    expect(refused.isError).toBe(true);

    // The state it is already in: nothing changes, nothing is announced.
    await client.callTool({ name: 'set_maintenance', arguments: { on: true } });
    await client.callTool({ name: 'set_maintenance', arguments: { on: false } });
    await until(() => changes === 2);
    await sleep(100);
    expect(changes).toBe(2);
    expect(await names()).toContain('track_shipment');
  });
});

describe('track_shipment and cancellation (raw frames)', () => {
  let peer: RawPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('sends no reply to a cancelled call and goes on answering', async () => {
    peer = spawnRaw(['--scan-ms', '200']);
    peer.send(INIT);
    await peer.reply(1);
    peer.send(INITIALIZED);
    peer.send(track(2, 'tok'));
    await until(() => progressOf(peer!).length === 2);
    peer.send(cancel(2));
    await sleep(700);
    peer.send(ping(3));
    await peer.reply(3);
    expect(progressOf(peer).length).toBe(2);
    expect(messages(peer).some((m) => m.id === 2)).toBe(false);
  });

  it('SDK 1.32.2 ignores a cancel for requestId 0: the call goes on to its result', async () => {
    peer = spawnRaw(['--scan-ms', '100']);
    peer.send(INIT);
    await peer.reply(1);
    peer.send(INITIALIZED);
    peer.send(track(0, 'zero'));
    await until(() => progressOf(peer!).length === 1);
    peer.send(cancel(0));
    const result = await peer.reply(0);
    expect(progressOf(peer).length).toBe(3);
    expect(result.result).toBeDefined();
  });

  it('does not match a cancel whose requestId is the string "2" to the call with id 2', async () => {
    peer = spawnRaw(['--scan-ms', '100']);
    peer.send(INIT);
    await peer.reply(1);
    peer.send(INITIALIZED);
    peer.send(track(2, 7));
    await until(() => progressOf(peer!).length === 1);
    peer.send(cancel('2'));
    await peer.reply(2);
    expect(
      progressOf(peer).map((m) => (m.params as { progressToken: unknown }).progressToken),
    ).toEqual([7, 7, 7]);
  });

  it('in a rushing check run the result is already sent when a cancel after step 2 arrives', async () => {
    let seed = 1;
    while (trackingPlan(orderBook(seed)[0]!, seed).pauses[2] !== 0) seed += 1;
    peer = spawnRaw(['--seed', String(seed)]);
    peer.send(INIT);
    await peer.reply(1);
    peer.send(INITIALIZED);
    peer.send(track(2, 'race'));
    await until(() => progressOf(peer!).length >= 2);
    peer.send(cancel(2));
    const result = await peer.reply(2);
    expect(result.result).toBeDefined();
    expect(progressOf(peer).length).toBe(trackingPlan(orderBook(seed)[0]!, seed).messages.length);
  });
});

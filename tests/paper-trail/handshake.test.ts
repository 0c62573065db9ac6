// Paper Trail's handshake options: --versions (which protocol versions it accepts) and
// --logging (the logging capability), with the SDK's Client, raw lines and the Inspector CLI.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { dirname, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ArgsError, parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import { chooseVersion, SDK_PROTOCOL_VERSIONS } from '../../sandbox/paper-trail/handshake.ts';
import { paperTrailCommand, startHttpServer } from '../../sandbox/paper-trail/index.ts';
import { spawnRaw } from './raw-line.ts';
import type { RawPeer } from './raw-line.ts';

const initialize = (id: number, protocolVersion: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });

/** Records every message the client receives, to read the initialize result the Client hides. */
function recording(transport: Transport, seen: JSONRPCMessage[]): Transport {
  return new Proxy(transport, {
    set(target, key, value) {
      if (key === 'onmessage' && typeof value === 'function') {
        const deliver = value as (m: JSONRPCMessage, extra?: unknown) => void;
        (target as Transport).onmessage = (message, extra) => {
          seen.push(message);
          deliver(message, extra);
        };
        return true;
      }
      return Reflect.set(target, key, value);
    },
  });
}

function stdioClient(extraArgs: string[]) {
  const { command, args } = paperTrailCommand(extraArgs);
  return new StdioClientTransport({ command, args, stderr: 'ignore' });
}

const protocolVersionIn = (seen: JSONRPCMessage[]) =>
  (
    seen.find((m) => 'result' in m && m.id === 0) as unknown as {
      result: { protocolVersion: string };
    }
  ).result.protocolVersion;

describe('--versions and --logging on the command line', () => {
  it('reads a comma list and the logging switch, in stdio and HTTP mode', () => {
    expect(parsePaperTrailArgs(['--versions', '2025-06-18, 2024-11-05', '--logging'])).toEqual({
      mode: 'stdio',
      versions: ['2025-06-18', '2024-11-05'],
      logging: true,
    });
    expect(parsePaperTrailArgs(['--http', '--versions', '2025-11-25'])).toMatchObject({
      mode: 'http',
      versions: ['2025-11-25'],
    });
  });

  it.each([
    [
      ['--versions', '2025-13-01'],
      '--versions: "2025-13-01" is not a protocol version Paper Trail can speak; choose from 2025-11-25',
    ],
    [['--versions', '2026-07-28'], '"2026-07-28" is not a protocol version Paper Trail can speak'],
    [['--versions', ''], '--versions needs at least one protocol version'],
    [['--versions', '2025-06-18,,2024-11-05'], '--versions has an empty entry'],
    [['--versions', '2025-06-18,2025-06-18'], '--versions names "2025-06-18" twice'],
    [['--versions'], "Option '--versions <value>' argument missing"],
    [['--logging', 'yes'], 'Unexpected argument'],
  ])('rejects %j', (argv, message) => {
    expect(() => parsePaperTrailArgs(argv)).toThrow(ArgsError);
    expect(() => parsePaperTrailArgs(argv)).toThrow(message);
  });

  it('answers the offer when accepted, else the newest accepted version', () => {
    expect(chooseVersion('2024-11-05', ['2025-06-18', '2024-11-05'])).toBe('2024-11-05');
    expect(chooseVersion('2025-11-25', ['2024-11-05', '2025-06-18'])).toBe('2025-06-18');
    expect(chooseVersion(42, SDK_PROTOCOL_VERSIONS)).toBe('2025-11-25');
  });
});

describe('--versions with the SDK Client', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('answers the SDK client (which offers 2025-11-25) with the newest accepted version', async () => {
    const seen: JSONRPCMessage[] = [];
    client = new Client({ name: 'versions-test', version: '1.0.0' });
    await client.connect(recording(stdioClient(['--versions', '2024-11-05,2025-06-18']), seen));
    expect(protocolVersionIn(seen)).toBe('2025-06-18');
    // The client can speak 2025-06-18, so the session goes on as usual.
    const result = await client.callTool({
      name: 'order_status',
      arguments: { order_id: 'PT-1041' },
    });
    expect(result.structuredContent).toMatchObject({ order_id: 'PT-1041', status: 'shipped' });
    // The SDK's own bookkeeping of the client still happens behind Paper Trail's handler.
    expect(client.getServerVersion()).toEqual({ name: 'paper-trail', version: '1.0.0' });
  });

  it('echoes the offer without the flag, as the SDK does', async () => {
    const seen: JSONRPCMessage[] = [];
    client = new Client({ name: 'versions-test', version: '1.0.0' });
    await client.connect(recording(stdioClient([]), seen));
    expect(protocolVersionIn(seen)).toBe('2025-11-25');
  });

  it('over HTTP sets the answered version in the MCP-Protocol-Version header', async () => {
    const server = await startHttpServer({
      port: 0,
      jsonResponse: true,
      versions: ['2025-03-26'],
      log: () => {},
    });
    try {
      const transport = new StreamableHTTPClientTransport(new URL(server.url));
      client = new Client({ name: 'versions-test', version: '1.0.0' });
      await client.connect(transport);
      expect(transport.protocolVersion).toBe('2025-03-26');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('order_status');
      await client.close();
    } finally {
      await server.close();
    }
  });
});

describe('--future-version: a version no SDK here speaks', () => {
  it('reads the flag, and refuses a version the SDK speaks, a non-date and --versions beside it', () => {
    expect(parsePaperTrailArgs(['--future-version', '2099-01-01'])).toEqual({
      mode: 'stdio',
      futureVersion: '2099-01-01',
    });
    const refusals: [string[], string][] = [
      [['--future-version', '2025-06-18'], '"2025-06-18" is a version the SDK speaks'],
      [['--future-version', 'soon'], 'YYYY-MM-DD, such as 2099-01-01, got "soon"'],
      [['--future-version', '2099-01-01', '--versions', '2025-06-18'], 'contradict each other'],
    ];
    for (const [argv, message] of refusals) {
      expect(() => parsePaperTrailArgs(argv)).toThrow(message);
    }
  });

  it('makes the SDK Client hang up: connect() rejects, and no request follows', async () => {
    const seen: JSONRPCMessage[] = [];
    const client = new Client({ name: 'future-test', version: '1.0.0' });
    const transport = recording(stdioClient(['--future-version', '2099-01-01']), seen);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await expect(client.connect(transport)).rejects.toThrow(
      "Server's protocol version is not supported: 2099-01-01",
    );
    // The SDK closes the transport itself; the result it read is the whole session.
    await closed;
    expect(seen).toHaveLength(1);
    expect(protocolVersionIn(seen)).toBe('2099-01-01');
  });
});

describe('--versions with raw lines', () => {
  let peer: RawPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('echoes an accepted offer and answers an unknown one with its newest', async () => {
    peer = spawnRaw(['--versions', '2025-06-18,2024-11-05']);
    peer.send(initialize(1, '2024-11-05'));
    expect(await peer.reply(1)).toMatchObject({ result: { protocolVersion: '2024-11-05' } });
    await peer.close();
    peer = spawnRaw(['--versions', '2025-06-18,2024-11-05']);
    peer.send(initialize(1, '1999-01-01'));
    expect(await peer.reply(1)).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
  });
});

describe('--logging', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('declares logging, honours setLevel and logs order_status calls', async () => {
    client = new Client({ name: 'logging-test', version: '1.0.0' });
    const logs: { level: string; data: unknown }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push({ level: n.params.level, data: n.params.data });
    });
    await client.connect(stdioClient(['--logging']));
    expect(client.getServerCapabilities()?.logging).toEqual({});
    // No level chosen yet: the SDK sends every line.
    await client.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } });
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } });
    // Notifications may trail their result by a tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs).toEqual([
      { level: 'debug', data: 'order_status: looking up PT-1041' },
      { level: 'info', data: 'order_status: PT-1041 is shipped' },
      { level: 'info', data: 'order_status: PT-1041 is shipped' },
    ]);
  });

  it('without the flag: no logging capability, and logging/setLevel is an unknown method', async () => {
    const peer = spawnRaw();
    try {
      peer.send(initialize(1, '2025-11-25'));
      const init = (await peer.reply(1)) as { result: { capabilities: object } };
      expect(init.result.capabilities).not.toHaveProperty('logging');
      peer.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      peer.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'logging/setLevel',
          params: { level: 'info' },
        }),
      );
      expect(await peer.reply(2)).toMatchObject({
        error: { code: -32601, message: 'Method not found' },
      });
      peer.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'order_status', arguments: { order_id: 'PT-1041' } },
        }),
      );
      await peer.reply(3);
      expect(peer.lines.some((line) => line.includes('notifications/message'))).toBe(false);
    } finally {
      await peer.close();
    }
  });
});

describe('the MCP Inspector CLI against --logging and --versions', () => {
  const run = promisify(execFile);
  const inspector = fileURLToPath(
    new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js', import.meta.url),
  );
  // Same two workarounds as inspector-cli.test.ts: a cwd below the repo root, and our Node first on PATH.
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  const env = {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  };
  const inspect = (serverArgs: string[], method: string[]) => {
    const { command, args } = paperTrailCommand(serverArgs);
    return run(process.execPath, [inspector, '--cli', command, ...args, ...method], {
      cwd,
      env,
      timeout: 30_000,
    });
  };

  it('sets a log level on a server with --logging', async () => {
    const { stdout } = await inspect(
      ['--logging'],
      ['--method', 'logging/setLevel', '--log-level', 'debug'],
    );
    expect(JSON.parse(stdout)).toEqual({});
  });

  it('is refused a log level without it', async () => {
    await expect(
      inspect([], ['--method', 'logging/setLevel', '--log-level', 'debug']),
    ).rejects.toThrow(/logging|Method not found/i);
  });

  it('lists tools from a server that accepts only 2025-06-18', async () => {
    const { stdout } = await inspect(['--versions', '2025-06-18'], ['--method', 'tools/list']);
    expect((JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual([
      'order_status',
      'track_shipment',
      'shipping_label',
    ]);
  });
});

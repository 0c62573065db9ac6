// The sessions lesson 3 (the handshake) shows: initialize in full, version negotiation with
// an unknown offer, an older offer and a server that accepts fewer versions, requests before
// initialize, capability gating with and without --logging, and the MCP-Protocol-Version
// header over HTTP. Each is the real Paper Trail behind the same taps the exercises use.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import { startHttpTap } from '../../sandbox/tap/http-tap.ts';
import { Framer } from '../../sandbox/wire/framer.ts';
import { normaliseCapture } from '../../sandbox/capture/normalise.ts';
import { readTapRecord, runStdioSession } from '../../sandbox/capture/stdio-session.ts';
import { tapped } from '../../sandbox/capture/tap-command.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { frame } from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const offer = (protocolVersion: string) =>
  frame({
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: script.CLIENT_INFO },
  });

const setLevel = (id: number, level: string) =>
  frame({ id, method: 'logging/setLevel', params: { level } });

/** The whole handshake with the lesson's client, then one request on the open session. */
export async function captureHandshake(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.request(script.toolsList);
  });
  return { frames };
}

/** An offer of a version the server does not know: answered with the server's latest. */
export async function captureUnknownOffer(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(offer('1999-01-01'));
  });
  return { frames };
}

/** An offer of an older version the server speaks (2025-06-18): echoed, and the session goes on. */
export async function captureOlderOffer(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(offer('2025-06-18'));
    session.send(script.initialized);
    await session.request(script.orderFound);
  });
  return { frames };
}

/**
 * An offer of 2024-11-05, the first published revision: SDK 1.32.2 echoes it, and then lists
 * and answers tools with members later revisions added (title, outputSchema, execution,
 * structuredContent). The lesson shows that departure from "respect the negotiated version".
 */
export async function captureOldestOffer(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(offer('2024-11-05'));
    session.send(script.initialized);
    await session.request(script.toolsList);
    await session.request(script.orderFound);
  });
  return { frames };
}

/**
 * The SDK's own Client against Paper Trail --future-version 2099-01-01: it reads a result in
 * a version it cannot speak, rejects connect(), sends nothing more and closes the transport.
 * The tap's record is the whole session.
 */
export async function captureFutureVersion(): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-future-'));
  try {
    const record = join(folder, 'future.ndjson');
    const server = paperTrailCommand(['--future-version', '2099-01-01']);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: tapped(record, server.command, server.args),
      stderr: 'ignore',
    });
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    const client = new Client({ name: 'paper-trail-course-host', version: '1.0.0' });
    const refused = await client.connect(transport).then(
      () => new Error('the SDK Client accepted 2099-01-01'),
      () => undefined,
    );
    if (refused) throw refused;
    await closed;
    return { frames: readTapRecord(record).frames };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Paper Trail started with --versions 2025-06-18,2024-11-05: the client offers 2025-11-25
 * and is answered with the newest version the server accepts. A client that speaks it goes
 * on; the capture stops here, where the client decides.
 */
export async function captureRestrictedServer(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(
    async (session) => {
      await session.request(script.initialize);
    },
    ['--versions', '2025-06-18,2024-11-05'],
  );
  return { frames };
}

/**
 * Requests before initialize: a ping (allowed) and a tools/list (not), both answered by SDK
 * 1.32.2, which does not enforce the order; then the handshake as it should have come first.
 */
export async function captureBeforeInitialize(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(frame({ id: 1, method: 'ping' }));
    await session.request(frame({ id: 2, method: 'tools/list' }));
    await session.request(
      frame({
        id: 3,
        method: 'initialize',
        params: {
          protocolVersion: script.PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: script.CLIENT_INFO,
        },
      }),
    );
    session.send(script.initialized);
  });
  return { frames };
}

/** logging/setLevel to a server that did not declare logging. */
export async function captureUndeclaredLogging(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.request(setLevel(2, 'info'));
  });
  return { frames };
}

/**
 * The same with --logging: the capability in the result, log lines around a tool call, the
 * level set to info (so the debug line is no longer sent), and a level that does not exist.
 */
export async function captureDeclaredLogging(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(
    async (session) => {
      await session.request(script.initialize);
      session.send(script.initialized);
      await session.request(script.orderFound);
      await session.request(setLevel(4, 'info'));
      await session.request(script.orderStatus(5, 'PT-1041'));
      await session.request(setLevel(6, 'loud'));
    },
    ['--logging'],
  );
  return { frames };
}

interface HeaderStep {
  body: string;
  /** The MCP-Protocol-Version header to send: the negotiated one unless given; null: none. */
  version?: string | null;
}

/**
 * Over streamable HTTP every request after initialize names the negotiated version in
 * MCP-Protocol-Version. First a tools/list before any initialize (refused: over HTTP the SDK
 * does enforce the order), then the handshake, one request with the right header, one with a
 * version that does not exist (400), and one with none (answered: the spec lets a server
 * assume a version when the header is missing).
 */
export async function captureHttpProtocolVersion(): Promise<CaptureResult> {
  const server = await spawnPaperTrailHttp({ jsonResponse: true });
  const framer = new Framer();
  const t0 = performance.timeOrigin;
  const tap = await startHttpTap({
    target: server.url,
    onFrame: ({ at, ...f }) => framer.add({ ...f, t: at - t0 }),
  });
  const steps: HeaderStep[] = [
    // Before initialize there is no session: the SDK transport refuses anything else.
    { body: frame({ id: 0, method: 'tools/list' }), version: null },
    { body: script.initialize, version: null },
    { body: script.initialized },
    { body: script.toolsList },
    { body: frame({ id: 3, method: 'ping' }), version: '2025-13-01' },
    { body: frame({ id: 4, method: 'ping' }), version: null },
  ];
  let sessionId: string | undefined;
  try {
    for (const step of steps) {
      const headers: Record<string, string> = {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      };
      if (sessionId) headers['mcp-session-id'] = sessionId;
      const version = step.version === undefined ? script.PROTOCOL_VERSION : step.version;
      if (version !== null) headers['mcp-protocol-version'] = version;
      const res = await fetch(tap.url, { method: 'POST', headers, body: step.body });
      await res.arrayBuffer();
      sessionId = res.headers.get('mcp-session-id') ?? sessionId;
    }
    await fetch(tap.url, {
      method: 'DELETE',
      headers: {
        'mcp-session-id': sessionId ?? '',
        'mcp-protocol-version': script.PROTOCOL_VERSION,
      },
    }).then((res) => res.arrayBuffer());
  } finally {
    await tap.close();
    await server.stop();
  }
  return { frames: normaliseCapture(framer.frames) };
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  handshake: captureHandshake,
  'handshake-unknown-version': captureUnknownOffer,
  'handshake-older-version': captureOlderOffer,
  'handshake-restricted': captureRestrictedServer,
  'handshake-order': captureBeforeInitialize,
  'handshake-no-logging': captureUndeclaredLogging,
  'handshake-logging': captureDeclaredLogging,
  'http-protocol-version': captureHttpProtocolVersion,
  'handshake-2024-version': captureOldestOffer,
  'handshake-future-version': captureFutureVersion,
});

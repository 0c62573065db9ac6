// Lesson 1's sessions: real clients, not a script. Two SDK `Client`s of one host, each with
// its own StdioClientTransport, so each spawns its own Paper Trail (through its own tap), and
// the MCP Inspector CLI talking to Paper Trail through two taps in a row. Frames come from the
// taps' records, as for every capture.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { CARRIER_KEY_VARIABLE, CARRIER_URI } from '../../sandbox/paper-trail/carrier.ts';
import { CALL_ORDER_STATUS, HOST_INFO, INSPECTOR } from '../../sandbox/capture/clients.ts';
import { readTapRecord } from '../../sandbox/capture/stdio-session.ts';
import { tapped } from '../../sandbox/capture/tap-command.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

/** Lesson 1 shows the tap as a program of its own: its sessions keep the relay process. */
const RELAYED = { relay: true };
/** A made-up key the host has in its own environment during the host sessions. */
const HOST_KEY = 'pt_demo_key_not_a_secret';

let hostRun: Promise<{ a: CaptureResult; b: CaptureResult }> | undefined;

/**
 * One host, two clients, two servers. Client A is made the way most hosts make it, with no
 * `env`: SDK 1.32.2 then gives its server only HOME, LOGNAME, PATH, SHELL, TERM and USER, and
 * the host's PAPER_TRAIL_CARRIER_KEY stays behind. Client B passes the key on with `env`.
 * Both are connected at once; each session's steps run one after another, so each file's frame
 * order is fixed.
 */
async function runHost(): Promise<{ a: CaptureResult; b: CaptureResult }> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-host-'));
  try {
    const server = paperTrailCommand();
    const start = (name: string, env?: Record<string, string>) =>
      new StdioClientTransport({
        command: process.execPath,
        args: tapped(join(folder, `${name}.ndjson`), server.command, server.args, RELAYED),
        ...(env ? { env } : {}),
      });
    const a = new Client(HOST_INFO);
    const b = new Client(HOST_INFO);
    // The host has the key in its own environment while client A spawns its server. Other
    // sessions are captured at the same time and must not see it, so it is there only for
    // the synchronous stretch of connect() in which the SDK calls spawn() (which copies the
    // environment then), and gone before anything else can run.
    const hadKey = process.env[CARRIER_KEY_VARIABLE];
    process.env[CARRIER_KEY_VARIABLE] = HOST_KEY;
    let connectedA: Promise<void>;
    try {
      connectedA = a.connect(start('a'));
    } finally {
      if (hadKey === undefined) delete process.env[CARRIER_KEY_VARIABLE];
      else process.env[CARRIER_KEY_VARIABLE] = hadKey;
    }
    await connectedA;
    // SDK 1.32.2 lays `env` over its short default list, so this adds the key to it.
    await b.connect(start('b', { [CARRIER_KEY_VARIABLE]: HOST_KEY }));
    await a.readResource({ uri: CARRIER_URI });
    await a.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } });
    await b.readResource({ uri: CARRIER_URI });
    await a.close();
    await b.close();
    return {
      a: readTapRecord(join(folder, 'a.ndjson')),
      b: readTapRecord(join(folder, 'b.ndjson')),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Both host files come from one run of the host: A's entry starts it, B's entry (the next in
 * CAPTURES) takes its half and forgets the run, so a second `--check` records a fresh one.
 */
function host(): Promise<{ a: CaptureResult; b: CaptureResult }> {
  hostRun ??= runHost();
  return hostRun;
}

export const captureHostClientA = async () => (await host()).a;
export async function captureHostClientB(): Promise<CaptureResult> {
  const run = await host();
  hostRun = undefined;
  return run.b;
}

/**
 * The MCP Inspector CLI calls order_status through two taps in a row (inspector → tap 1 →
 * tap 2 → Paper Trail). A tap must add nothing but the direction: the two records must hold
 * the same frames byte for byte, or this capture refuses to be written.
 */
export async function captureInspectorCli(): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-inspector-'));
  try {
    const outer = join(folder, 'outer.ndjson');
    const inner = join(folder, 'inner.ndjson');
    const server = paperTrailCommand();
    const chain = tapped(
      outer,
      process.execPath,
      tapped(inner, server.command, server.args, RELAYED),
      RELAYED,
    );
    // The Inspector CLI reads every "--" and "--flag" of its command line as its own, so the
    // chain of taps is started by a small script that hands its stdio straight to the outer tap
    // (the same file descriptors: not a byte is touched on the way).
    const starter = join(folder, 'taps.mjs');
    writeFileSync(
      starter,
      `import { spawn } from 'node:child_process';\n` +
        `const child = spawn(${JSON.stringify(process.execPath)}, ${JSON.stringify(chain)}, { stdio: 'inherit' });\n` +
        `child.on('exit', (code) => process.exit(code ?? 1));\n`,
    );
    // inspector-cli 1.0.3 needs a working directory below the repo root to find its own
    // package.json, and spawns a bare "node": make that this Node (see tests/paper-trail).
    await promisify(execFile)(
      process.execPath,
      [INSPECTOR, '--cli', process.execPath, starter, ...CALL_ORDER_STATUS],
      {
        cwd: fileURLToPath(new URL('../../sandbox/', import.meta.url)),
        env: {
          ...process.env,
          PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
        },
        timeout: 30_000,
      },
    );
    const seenOutside = readTapRecord(outer);
    const seenInside = readTapRecord(inner);
    const texts = (r: CaptureResult) => r.frames.map((f) => `${f.dir} ${f.text}`).join('\n');
    if (texts(seenOutside) !== texts(seenInside)) {
      throw new Error('inspector-cli: the two taps recorded different bytes');
    }
    return { frames: seenInside.frames };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'host-client-a': captureHostClientA,
  'host-client-b': captureHostClientB,
  'inspector-cli': captureInspectorCli,
});

// `npm run tap` between real peers: the MCP Inspector CLI and Paper Trail over stdio, the
// SDK Client and Paper Trail over streamable HTTP. What it records must be what each side
// sent and received, byte for byte, and neither side may notice it is there.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';
import { parseRecordFile } from '../../sandbox/tap/record-file.ts';
import { TapRecordReader } from '../../sandbox/tap/record-reader.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { Framer } from '../../sandbox/wire/framer.ts';
import { CALL_ORDER_STATUS, INSPECTOR } from '../../sandbox/capture/clients.ts';

const run = promisify(execFile);
const TAP = fileURLToPath(new URL('../../sandbox/cli/tap.ts', import.meta.url));
const RELAY = fileURLToPath(new URL('../../sandbox/tap/relay-main.ts', import.meta.url));
// See inspector-cli.test.ts: the Inspector CLI must start from a folder below the repo root,
// and the bare "node" it spawns must be the Node running the tests.
const inspectorCwd = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tap-cli-'));
  dirs.push(dir);
  return dir;
};
let server: SpawnedHttpServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
const texts = (frames: { dir: string; text: string }[]) => frames.map((f) => `${f.dir} ${f.text}`);

describe('npm run tap over stdio, under the MCP Inspector CLI', () => {
  it('records exactly the lines that crossed, as the harness relay behind it saw them', async () => {
    const dir = scratch();
    const out = join(dir, 'session.jsonl');
    const raw = join(dir, 'raw.ndjson');
    const pt = paperTrailCommand();
    // What a learner does to a host's configuration: the server command becomes a script
    // that starts the tap, which starts the real server. Behind it, the harness's own relay
    // keeps an independent byte record of the same session. (A script, because the Inspector
    // CLI re-orders the words after its own "--".)
    const script = join(dir, 'server.sh');
    const words = [process.execPath, TAP, '--out', out, '--', process.execPath, RELAY];
    const tail = ['--record', raw, '--', pt.command, ...pt.args];
    writeFileSync(script, `#!/bin/sh\nexec ${[...words, ...tail].map(shellWord).join(' ')}\n`, {
      mode: 0o755,
    });
    const { stdout } = await run(
      process.execPath,
      [INSPECTOR, '--cli', script, ...CALL_ORDER_STATUS],
      { cwd: inspectorCwd, env, timeout: 30_000 },
    );
    const shown = JSON.parse(stdout) as { structuredContent: unknown };

    const recorded = readCapture(out);
    const reference = new Framer();
    const reader = new TapRecordReader(0, reference);
    for (const record of parseRecordFile(readFileSync(raw))) reader.read(record);
    reference.endAll();
    expect(texts(recorded)).toEqual(texts(reference.frames));
    expect(recorded.map((f) => f.seq)).toEqual(recorded.map((_, i) => i));

    // The session the Inspector had: its handshake, then the call, and the answer it printed.
    const methods = recorded
      .filter((f) => f.dir === 'c2s')
      .map((f) => (JSON.parse(f.text) as { method?: string }).method);
    expect(methods).toContain('initialize');
    expect(methods).toContain('tools/call');
    const reply = recorded
      .filter((f) => f.dir === 's2c')
      .map((f) => JSON.parse(f.text) as { result?: { structuredContent?: unknown } })
      .find((m) => m.result?.structuredContent !== undefined);
    expect(reply?.result?.structuredContent).toEqual(shown.structuredContent);
  });

  it('says what is wrong with its arguments, with the usage, and exits 2', async () => {
    const failed = await run(process.execPath, [TAP, '--http'], { timeout: 15_000 }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(/--http needs --target[\s\S]*usage:/);
  });
});

describe('npm run tap --http, under the SDK Client', () => {
  it('passes every body through and records each as the client sent or received it', async () => {
    server = await spawnPaperTrailHttp();
    const out = join(scratch(), 'http.jsonl');
    const tap = spawn(process.execPath, [TAP, '--http', '--target', server.url, '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => tap.once('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let said = '';
        tap.stderr.setEncoding('utf8');
        tap.stderr.on('data', (chunk: string) => {
          said += chunk;
          const match = /point your client at (\S+)/.exec(said);
          if (match) resolve(match[1]!);
        });
        tap.once('exit', () => reject(new Error(`tap exited early: ${said}`)));
      });

      // What the client itself sent and received, seen from inside its fetch.
      const sent: string[] = [];
      const received: string[] = [];
      const reading: Promise<void>[] = [];
      const watching: typeof fetch = async (input, init) => {
        if (typeof init?.body === 'string') sent.push(init.body);
        const response = await fetch(input, init);
        // A POST's response ends after its reply; the GET stream stays open until close.
        if (init?.method === 'POST')
          reading.push(
            response
              .clone()
              .text()
              .then((text) => void received.push(text)),
          );
        return response;
      };
      const client = new Client({ name: 'tap-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: watching }));
      const listed = await client.listTools();
      const called = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1041' },
      });
      await Promise.all(reading);
      await client.close();
      expect(listed.tools.length).toBeGreaterThan(0);

      tap.kill('SIGINT');
      expect(await exited).toBe(0);
      const frames = readCapture(out);
      const requests = frames.filter((f) => f.http?.part === 'request' && f.text !== '');
      expect(requests.map((f) => f.text)).toEqual(sent);
      // Every reply body the tap recorded is in what the client received (an SSE event's
      // data inside its stream, a JSON body whole).
      const replies = frames.filter((f) => f.dir === 's2c' && f.text !== '');
      expect(replies.length).toBeGreaterThanOrEqual(3);
      for (const reply of replies) {
        expect(received.some((body) => body.includes(reply.text))).toBe(true);
      }
      const callReply = replies
        .map((f) => JSON.parse(f.text) as { result?: { structuredContent?: unknown } })
        .find((m) => m.result?.structuredContent !== undefined);
      expect(callReply?.result?.structuredContent).toEqual(called.structuredContent);
    } finally {
      tap.kill('SIGKILL');
    }
  });
});

// Sessions between real peers, recorded through `npm run tap` as a learner would record their
// own, and explained: the Inspector CLI and the SDK Client against Paper Trail, both against
// @modelcontextprotocol/server-everything, and the SDK Client over streamable HTTP. None of
// them breaks a rule, so any finding here is the explainer's mistake.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CALL_ORDER_STATUS, INSPECTOR } from '../../sandbox/capture/clients.ts';
import { findings } from '../../sandbox/explain/findings.ts';
import { findingLine } from '../../sandbox/explain/summary.ts';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';

const run = promisify(execFile);
const TAP = fileURLToPath(new URL('../../sandbox/cli/tap.ts', import.meta.url));
const EVERYTHING = fileURLToPath(
  new URL(
    '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);
// As in tests/cli/tap.test.ts: the Inspector CLI starts from a folder below the repo root, and
// the bare "node" it spawns must be the Node running the tests.
const inspectorCwd = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'explain-peers-'));
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
const explained = (file: string) => findings(readCapture(file)).map((f) => findingLine(f));
const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };

/** The Inspector CLI with the tap where its server command was; the capture's path. */
async function inspectorSession(target: { command: string; args: string[] }, method: string[]) {
  const dir = scratch();
  const out = join(dir, 'session.jsonl');
  const script = join(dir, 'server.sh');
  const words = [process.execPath, TAP, '--out', out, '--', target.command, ...target.args];
  writeFileSync(script, `#!/bin/sh\nexec ${words.map(shellWord).join(' ')}\n`, { mode: 0o755 });
  await run(process.execPath, [INSPECTOR, '--cli', script, ...method], {
    cwd: inspectorCwd,
    env,
    timeout: 30_000,
  });
  return out;
}

/** The SDK Client over stdio with the tap (and --explain) in front of the server. */
async function sdkSession(
  target: { command: string; args: string[] },
  use: (client: Client) => Promise<void>,
) {
  const out = join(scratch(), 'session.jsonl');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TAP, '--explain', '--out', out, '--', target.command, ...target.args],
    env: env as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'explain-test', version: '1.0.0' });
  await client.connect(transport);
  await use(client);
  const ended = new Promise<void>((resolve) => (transport.onclose = resolve));
  await client.close();
  await ended;
  // The tap writes its explanation as the session ends, just before its own last line.
  for (let i = 0; i < 100 && !/frames? in /.test(stderr); i++)
    await new Promise((r) => setTimeout(r, 50));
  return { out, stderr };
}

describe('explain on sessions between real peers', () => {
  it('finds nothing wrong with the Inspector CLI and Paper Trail', async () => {
    const out = await inspectorSession(paperTrailCommand(), CALL_ORDER_STATUS);
    expect(readCapture(out).length).toBeGreaterThanOrEqual(5);
    expect(explained(out)).toEqual([]);
  });

  it('finds nothing wrong with the SDK Client and Paper Trail, and tap --explain says so', async () => {
    const { out, stderr } = await sdkSession(paperTrailCommand(), async (client) => {
      await client.listTools();
      await client.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } });
      const failed = await client.callTool({ name: 'order_status', arguments: { order_id: 42 } });
      expect(failed.isError).toBe(true);
      await client.ping();
    });
    expect(explained(out)).toEqual([]);
    expect(stderr).toMatch(/tap: 1 tool error \(results with "isError": true/);
    expect(stderr).toContain('tap: No findings');
  });

  it('finds nothing wrong with server-everything under the SDK Client', async () => {
    const { out } = await sdkSession(everything, async (client) => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('echo');
      await client.callTool({ name: 'echo', arguments: { message: 'hello' } });
      await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } });
      await client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
        undefined,
        { onprogress: () => {} },
      );
      const { resources } = await client.listResources();
      if (resources[0]) await client.readResource({ uri: resources[0].uri });
      await client.listResourceTemplates();
      const { prompts } = await client.listPrompts();
      const simple = prompts.find((p) => !p.arguments?.some((a) => a.required));
      if (simple) await client.getPrompt({ name: simple.name });
      await client.ping();
    });
    expect(readCapture(out).length).toBeGreaterThanOrEqual(20);
    expect(explained(out)).toEqual([]);
  });

  it('finds nothing wrong with server-everything under the Inspector CLI', async () => {
    const out = await inspectorSession(everything, ['--method', 'tools/list']);
    expect(explained(out)).toEqual([]);
  });

  it('finds nothing wrong with the SDK Client and Paper Trail over streamable HTTP', async () => {
    server = await spawnPaperTrailHttp();
    const out = join(scratch(), 'http.jsonl');
    const tap = spawn(process.execPath, [TAP, '--http', '--target', server.url, '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => tap.once('exit', resolve));
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
    const client = new Client({ name: 'explain-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    await client.listTools();
    await client.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } });
    await transport.terminateSession();
    await client.close();
    tap.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(readCapture(out).some((f) => f.http?.part === 'sse')).toBe(true);
    expect(explained(out)).toEqual([]);
  });
});

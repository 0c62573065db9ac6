// --chatty, and the stdout rule measured with real clients: what the SDK 1.32.2 Client (and
// the Inspector CLI, which runs on the same SDK) make of stray bytes on a server's stdout.
import { afterEach, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { ArgsError, parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import {
  CHATTY_BANNER,
  CHATTY_CHILD_LINE,
  CHATTY_DEBUG,
  CHATTY_ERROR,
  CHATTY_INFO,
  CHATTY_WARN,
} from '../../sandbox/paper-trail/chatty.ts';
import { spawnRaw } from './raw-line.ts';
import * as script from '../../sandbox/capture/script.ts';
import { CALL_ORDER_STATUS, INSPECTOR } from '../../sandbox/capture/clients.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const shipped = { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' };

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** An SDK client on `command args`, with every onerror message kept. */
async function connect(command: string, args: string[]) {
  const errors: string[] = [];
  const client = new Client({ name: 'chatty-test', version: '1.0.0' });
  client.onerror = (error) => errors.push(error.message);
  open.push(client);
  await client.connect(new StdioClientTransport({ command, args, cwd: ROOT, stderr: 'pipe' }));
  return { client, errors };
}

const lookUp = (client: Client, timeout?: number) =>
  client.callTool(
    { name: 'order_status', arguments: { order_id: 'PT-1041' } },
    undefined,
    timeout === undefined ? undefined : { timeout },
  );

describe('--chatty', () => {
  it('is a stdio-only flag with a friendly error for --http', () => {
    expect(parsePaperTrailArgs(['--chatty'])).toEqual({ mode: 'stdio', chatty: true });
    expect(() => parsePaperTrailArgs(['--http', '--chatty'])).toThrow(ArgsError);
    expect(() => parsePaperTrailArgs(['--http', '--chatty'])).toThrow(
      '--chatty only makes sense on stdio',
    );
  });

  it('SDK client: the banner is dropped, the first lookup is lost, the second answered', async () => {
    const { command, args } = paperTrailCommand(['--chatty']);
    const { client, errors } = await connect(command, args);
    // The banner came before the initialize reply: dropped with one onerror, handshake fine.
    expect(client.getServerVersion()?.name).toBe('paper-trail');
    // console.log, .info and .debug each put a line on stdout: three lines dropped.
    expect(errors.length).toBe(3);
    expect(errors.every((e) => /is not valid JSON/.test(e))).toBe(true);
    expect(errors.every((e) => e.includes('"carrier-ki"'))).toBe(true);
    expect((await client.listTools()).tools.length).toBe(3);

    // The first lookup: the helper's line is dropped, then the progress bar glues itself to
    // the reply and the whole line is dropped, so the call is never answered.
    const first = await lookUp(client, 1500).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(first).toBeInstanceOf(McpError);
    expect((first as McpError).code).toBe(ErrorCode.RequestTimeout);
    // The client gives up after 1.5 s; on a busy machine the helper process may write its
    // line and the bar only after that. They are dropped all the same: wait for both reports.
    for (const deadline = Date.now() + 10_000; errors.length < 5 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(errors.length).toBe(5);
    expect(errors[3]).toMatch(/is not valid JSON/);
    expect(errors[3]).toContain('"carrier-ki"');
    expect(errors[4]).toMatch(/is not valid JSON/);
    expect(errors[4]).toContain('[###');

    // The cache is warm now: the second lookup is clean and answered.
    const second = await lookUp(client);
    expect(second.structuredContent).toEqual(shipped);
    expect(errors.length).toBe(5);
  });

  it('prints log/info/debug and the helper line on stdout, warn and error on stderr, and an unterminated bar', async () => {
    const raw = spawnRaw(['--chatty']);
    raw.send(script.initialize);
    await raw.reply(1).catch(() => undefined);
    raw.send(script.orderStatus(2, 'PT-1041'));
    while (raw.lines.length < 6) await new Promise((r) => setTimeout(r, 50));
    await raw.close();
    expect(raw.lines.slice(0, 3)).toEqual([CHATTY_BANNER, CHATTY_INFO, CHATTY_DEBUG]);
    expect(raw.stderr()).toContain(`${CHATTY_WARN}\n${CHATTY_ERROR}\n`);
    expect(raw.lines[4]).toBe(CHATTY_CHILD_LINE);
    expect(raw.lines[5]).toMatch(/^\r\[###\s+\] 30%\r.*\r\[#{10}\] 100%\{"result":/);
  });
});

describe('what the SDK 1.32.2 reader does with stray bytes', () => {
  it('npm run without --silent: four banner lines dropped with onerror, session fine', async () => {
    const { client, errors } = await connect('npm', ['run', 'paper-trail']);
    expect(errors.length).toBe(4);
    expect(errors.filter((e) => /Unexpected end of JSON input/.test(e)).length).toBe(2);
    expect(errors.filter((e) => /is not valid JSON/.test(e)).length).toBe(2);
    expect((await lookUp(client)).structuredContent).toEqual(shipped);
  });

  it('npm run --silent: nothing to drop', async () => {
    const { client, errors } = await connect('npm', ['run', '--silent', 'paper-trail']);
    expect((await lookUp(client)).structuredContent).toEqual(shipped);
    expect(errors).toEqual([]);
  });

  // In-process on the SDK's ReadBuffer, the reader both its stdio transports use: pushing
  // 10 MiB through a real pipe takes it many seconds (it copies its buffer on every chunk).
  it('ReadBuffer: strips a trailing \\r, refuses extra members, caps at 10 MiB', () => {
    const reader = new ReadBuffer();
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n'));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
    reader.append(Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping","parmas":{}}\n'));
    expect(() => reader.readMessage()).toThrow();
    expect(reader.readMessage()).toBeNull();
    const ten = 10 * 1024 * 1024;
    reader.append(Buffer.alloc(ten, 'x'));
    expect(() => reader.append(Buffer.from('x'))).toThrow(
      `ReadBuffer exceeded maximum size of ${ten} bytes`,
    );
    // The whole buffer is gone: what followed the cap starts a fresh line.
    expect(reader.readMessage()).toBeNull();
  });
});

describe('MCP Inspector CLI against --chatty', () => {
  const inspector = INSPECTOR;
  const env = {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  };
  const { command, args } = paperTrailCommand(['--chatty']);

  it('lists the tools: the banner is dropped without a word', async () => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [inspector, '--cli', command, ...args, '--method', 'tools/list'],
        { cwd: fileURLToPath(new URL('..', import.meta.url)), env, timeout: 30_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    expect((JSON.parse(out) as { tools: unknown[] }).tools.length).toBe(3);
  });

  it('calls order_status: the lost reply leaves it waiting', async () => {
    const child = spawn(
      process.execPath,
      [inspector, '--cli', command, ...args, ...CALL_ORDER_STATUS],
      // Its own process group, so that the Inspector, its client process and the server it
      // started all go when the test is done waiting.
      { cwd: fileURLToPath(new URL('..', import.meta.url)), env, detached: true },
    );
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<string>((r) => child.once('exit', () => r('exited')));
    const after = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r('waiting'), 5000)),
    ]);
    process.kill(-child.pid!, 'SIGKILL');
    expect(after).toBe('waiting');
    expect(stdout).toBe('');
  });
});

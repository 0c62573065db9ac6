// --await-printed: track_shipment holds its next event after a progress notification until
// the message has come in as a line on Paper Trail's stdin, or the cap has passed; after one
// wait in vain the call stops waiting. The line reader on its own, then the real server
// (spawned, its stdin written by hand) with the SDK's Client.
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { paperTrailCommand } from '../../sandbox/paper-trail/command.ts';
import { PrintedLines } from '../../sandbox/paper-trail/printed-lines.ts';
import { gaveUpAt } from '../../lessons/07-streamable-http/exercises/fetch-client/prints-as-it-arrives.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the printed lines Paper Trail reads on stdin', () => {
  it('answers true once a line sent is printed, however the bytes are cut', async () => {
    const input = new PassThrough();
    const lines = new PrintedLines(input);
    input.write('early\n');
    await expect(lines.sent('early', 1000)).resolves.toBe(true);
    const later = lines.sent('Café → Forlì', 1000);
    const bytes = Buffer.from('Café → Forlì\r\n');
    input.write(bytes.subarray(0, 4));
    input.write(bytes.subarray(4, 12));
    input.write(bytes.subarray(12));
    await expect(later).resolves.toBe(true);
  });

  it('wants a line sent twice printed twice, and gives up after its time', async () => {
    const input = new PassThrough();
    const lines = new PrintedLines(input);
    input.write('twice\n');
    await expect(lines.sent('twice', 1000)).resolves.toBe(true);
    await expect(lines.sent('twice', 50)).resolves.toBe(false);
    await expect(lines.sent('never', 50)).resolves.toBe(false);
  });

  it('stops waiting at once when its input ends', async () => {
    const input = new PassThrough();
    const lines = new PrintedLines(input);
    const waiting = lines.sent('gone', 60_000);
    const started = Date.now();
    input.end();
    await expect(waiting).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('track_shipment with --await-printed', () => {
  let server: ChildProcess | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    server?.kill();
    client = server = undefined;
  });

  async function start(capMs: number) {
    const { command, args } = paperTrailCommand([
      '--http',
      '--port',
      '0',
      '--await-printed',
      String(capMs),
    ]);
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    server = child;
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (text: string) => {
        stderr += text;
        const m = /listening on (\S+)/.exec(stderr);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error(stderr)));
    });
    client = new Client({ name: 'await-printed-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return { stdin: child.stdin!, stderr: () => stderr };
  }

  const track = (onprogress: (message: string) => void) =>
    client!.callTool({ name: 'track_shipment', arguments: { order_id: 'PT-1041' } }, undefined, {
      onprogress: (p) => onprogress(String(p.message)),
    });

  it('sends each next event only after the last message was printed', async () => {
    const { stdin } = await start(5000);
    const arrived: number[] = [];
    const printed: number[] = [];
    // Scans come 20 ms apart; each line is printed 300 ms after its event.
    const result = await track((message) => {
      arrived.push(Date.now());
      setTimeout(() => {
        printed.push(Date.now());
        stdin.write(`${message}\n`);
      }, 300);
    });
    const done = Date.now();
    expect(arrived).toHaveLength(3);
    for (let i = 1; i < arrived.length; i++)
      expect(arrived[i]).toBeGreaterThanOrEqual(printed[i - 1]!);
    expect(done).toBeGreaterThanOrEqual(printed[2]!);
    expect(JSON.stringify(result.content)).toContain('PT-1041: shipped');
  });

  it('goes on after one wait in vain and waits no more in that call', async () => {
    const { stderr } = await start(400);
    const started = Date.now();
    const messages: string[] = [];
    await track((message) => messages.push(message));
    expect(messages).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // The note is on stderr before the server went on, but its pipe may be read later.
    for (let i = 0; i < 100 && !stderr().includes('going on'); i++) await sleep(20);
    const missed = stderr().match(/not printed within 400 ms/g) ?? [];
    expect(missed).toHaveLength(1);
    expect(stderr()).toContain(`${JSON.stringify(messages[0])} (progress 1) was not printed`);
    // The check reads the progress value off this line to know where the waiting stopped.
    expect(gaveUpAt(stderr())).toBe(1);
  });
});

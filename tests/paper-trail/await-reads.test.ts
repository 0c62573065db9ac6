// --await-reads, against the real server over stdio: the next update of the watched order
// waits for the client's read of it, however slow the client is; an unread update lets the
// next one go once the wait is over (said on stderr); and after the first read comes a quiet
// spell in which a second read finds nothing new. Each test judges the order of events, so a
// loaded machine cannot make it pass or fail.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import { catalog } from '../../sandbox/paper-trail/resources/catalog.ts';

const SEED = 7;
const book = catalog(SEED);
const watched = `orders://${book.live}`;
/** The watched order's status before its first update. */
const first = book.orders.find((o) => o.order_id === book.live)!.status;
let client: Client | undefined;
let stderr = '';

async function connect(waitMs: number): Promise<Client> {
  const { command, args } = paperTrailCommand();
  const transport = new StdioClientTransport({
    command,
    args: [...args, '--live', '--seed', String(SEED), '--await-reads', String(waitMs)],
    stderr: 'pipe',
  });
  stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'await-reads-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

afterEach(async () => {
  await client?.close();
  client = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statusOf(c: Client): Promise<string> {
  const read = await c.readResource({ uri: watched });
  return (JSON.parse((read.contents[0] as { text: string }).text) as { status: string }).status;
}

describe('Paper Trail --live --await-reads', () => {
  it('holds each next update until the client has read the last one, however late it reads', async () => {
    // Far longer than the client's pause, so the server never goes on without the read (the
    // quiet spell after the first read is this wait and 500 ms more).
    const c = await connect(4_000);
    const events: string[] = [];
    let busy = false;
    const done = new Promise<void>((resolve) => {
      c.setNotificationHandler(ResourceUpdatedNotificationSchema, async ({ params }) => {
        if (params.uri !== watched) return;
        events.push(busy ? 'update while reading' : 'update');
        busy = true;
        // Slower than three of the timer's steps (250 ms each) without --await-reads.
        await pause(800);
        const status = await statusOf(c);
        events.push(`read ${status}`);
        busy = false;
        if (status === 'delivered') resolve();
      });
    });
    await c.subscribeResource({ uri: watched });
    events.push(`read ${await statusOf(c)}`);
    await done;
    expect(events).toEqual([
      `read ${first}`,
      ...book.steps.flatMap((s) => ['update', `read ${s}`]),
    ]);
    expect(stderr).not.toContain('was not read');
  });

  it('lets the next update go when the last one stayed unread for the whole wait, and says so', async () => {
    const c = await connect(200);
    const updates: string[] = [];
    const all = new Promise<void>((resolve) => {
      c.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
        if (params.uri !== watched) return;
        updates.push(params.uri);
        if (updates.length === book.steps.length) resolve();
      });
    });
    await c.subscribeResource({ uri: watched });
    await all;
    expect(updates).toHaveLength(book.steps.length);
    await pause(50);
    expect(stderr).toContain(`${watched} was not read within 200 ms`);
  });

  it('sends nothing before the first read, nor in the quiet spell after it', async () => {
    // The spell lasts the wait plus 500 ms: long enough for the reads below on any machine.
    const c = await connect(5_000);
    const events: string[] = [];
    c.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
      if (params.uri === watched) events.push('update');
    });
    await c.subscribeResource({ uri: watched });
    events.push(`read ${await statusOf(c)}`);
    events.push(`read ${await statusOf(c)}`);
    expect(events).toEqual([`read ${first}`, `read ${first}`]);
  });

  it('refuses --await-reads without --live, and a wait that is not a whole number', () => {
    expect(() => parsePaperTrailArgs(['--await-reads', '100'])).toThrow(
      /--await-reads only makes sense together with --live/,
    );
    expect(() => parsePaperTrailArgs(['--live', '--await-reads', 'soon'])).toThrow(
      /--await-reads must be a whole number/,
    );
  });
});

// The official MCP Inspector CLI (@modelcontextprotocol/inspector-cli 1.0.3) as a real,
// independent client against Paper Trail over stdio and streamable HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { dirname, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { paperTrailCommand, spawnPaperTrailHttp } from '../../sandbox/paper-trail/index.ts';
import type { SpawnedHttpServer } from '../../sandbox/paper-trail/index.ts';
import { CALL_ORDER_STATUS, INSPECTOR } from '../../sandbox/capture/clients.ts';

const run = promisify(execFile);
const inspector = INSPECTOR;
// inspector-cli 1.0.3 looks for its own package.json with existsSync('../package.json')
// relative to the *working directory*, then imports it relative to its module; from the
// repo root neither path exists and it fails with "Cannot find module". Running from a
// subdirectory of the repo makes the cwd check pass and the import find its own file.
const cwd = fileURLToPath(new URL('..', import.meta.url));
// It also spawns a bare "node": make that the Node running these tests (24), not the system one.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };

async function inspect(args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, [inspector, '--cli', ...args], {
    cwd,
    env,
    timeout: 30_000,
  });
  return JSON.parse(stdout);
}

const shipped = { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' };
const { command, args } = paperTrailCommand();

describe('MCP Inspector CLI against Paper Trail over stdio', () => {
  it('lists the three tools', async () => {
    const listed = (await inspect([command, ...args, '--method', 'tools/list'])) as {
      tools: Array<{ name: string }>;
    };
    expect(listed.tools.map((tool) => tool.name)).toEqual([
      'order_status',
      'track_shipment',
      'shipping_label',
    ]);
  });

  it('calls order_status for PT-1041 and PT-9999', async () => {
    const call = (id: string) =>
      inspect([
        command,
        ...args,
        '--method',
        'tools/call',
        '--tool-name',
        'order_status',
        '--tool-arg',
        `order_id=${id}`,
      ]);
    expect(await call('PT-1041')).toEqual({
      content: [{ type: 'text', text: JSON.stringify(shipped) }],
      structuredContent: shipped,
    });
    expect(await call('PT-9999')).toEqual({
      content: [{ type: 'text', text: 'no such order: PT-9999' }],
      isError: true,
    });
  });
});

describe('MCP Inspector CLI against Paper Trail over streamable HTTP', () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnPaperTrailHttp();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('calls order_status, reads the order resource and gets the prompt', async () => {
    const http = [server.url, '--transport', 'http'];
    expect(await inspect([...http, ...CALL_ORDER_STATUS])).toMatchObject({
      structuredContent: shipped,
    });
    expect(
      await inspect([...http, '--method', 'resources/read', '--uri', 'orders://PT-1041']),
    ).toEqual({
      contents: [
        { uri: 'orders://PT-1041', mimeType: 'application/json', text: JSON.stringify(shipped) },
      ],
    });
    const prompt = (await inspect([
      ...http,
      '--method',
      'prompts/get',
      '--prompt-name',
      'draft_customer_reply',
      '--prompt-args',
      'order_id=PT-1041',
    ])) as { messages: Array<{ content: { text: string } }> };
    expect(prompt.messages[0]!.content.text).toContain('Delhivery');
  });
});

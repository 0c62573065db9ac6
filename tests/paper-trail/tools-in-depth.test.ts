// Lesson 4's Paper Trail features, seen by real clients: tool annotations, shipping_label's
// four kinds of content block, and --buggy-output, where SDK 1.32.2's McpServer refuses the
// handler's structured output and the SDK Client, which checks it too, is never handed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { dirname, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { paperTrailCommand, startHttpServer } from '../../sandbox/paper-trail/index.ts';
import { ArgsError, USAGE, parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';
import { labelPng } from '../../sandbox/paper-trail/tools/png.ts';

async function connect(extra: string[] = []): Promise<Client> {
  const { command, args } = paperTrailCommand(extra);
  const client = new Client({ name: 'tools-in-depth-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return client;
}

describe('Paper Trail tools, as the SDK Client sees them', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  it('marks every tool read-only, idempotent and closed-world', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(3);
    for (const tool of tools) {
      expect(tool.annotations).toEqual({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.execution).toEqual({ taskSupport: 'forbidden' });
    }
    const label = tools.find((tool) => tool.name === 'shipping_label')!;
    expect(label.title).toBe('Shipping label');
    expect(label.outputSchema).toBeUndefined();
  });

  it('shipping_label answers with text, a PNG, a resource link and an embedded resource', async () => {
    const result = await client.callTool({
      name: 'shipping_label',
      arguments: { order_id: 'PT-1041' },
    });
    expect(result.isError).toBeUndefined();
    const content = result.content as Array<Record<string, unknown>>;
    expect(content.map((block) => block.type)).toEqual([
      'text',
      'image',
      'resource_link',
      'resource',
    ]);
    expect(content[0]).toEqual({ type: 'text', text: 'Shipping label for PT-1041 (Delhivery)' });
    const png = Buffer.from(content[1].data as string, 'base64');
    expect(content[1].mimeType).toBe('image/png');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.equals(labelPng('PT-1041'))).toBe(true);
    expect(content[2]).toMatchObject({ uri: 'orders://PT-1041', mimeType: 'application/json' });
    expect(content[3]).toEqual({
      type: 'resource',
      resource: {
        uri: 'labels://PT-1041',
        mimeType: 'text/plain',
        text: 'PT-1041 / Delhivery / ETA 2026-08-05',
      },
    });
    // The link leads somewhere: the order's resource reads back as the same record.
    const read = await client.readResource({ uri: content[2].uri as string });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({
      order_id: 'PT-1041',
    });
  });

  it('shipping_label for a missing order is a tool error', async () => {
    const result = await client.callTool({
      name: 'shipping_label',
      arguments: { order_id: 'PT-9999' },
    });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'no such order: PT-9999' }],
      isError: true,
    });
  });
});

describe('the label PNG', () => {
  it('is a valid greyscale image whose pixels spell the barcode', () => {
    const png = labelPng('PT-1041');
    expect(png.length).toBeLessThan(200);
    expect(png.readUInt32BE(16)).toBe(labelPng('PT-1041').readUInt32BE(16));
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(height).toBe(16);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect(rows.length).toBe(height * (width + 1));
    expect(labelPng('PT-1017').equals(png)).toBe(false);
  });
});

describe('--buggy-output', () => {
  it('is a flag with usage text', () => {
    expect(parsePaperTrailArgs(['--buggy-output'])).toEqual({ mode: 'stdio', buggyOutput: true });
    expect(parsePaperTrailArgs(['--seed', '7', '--buggy-output'])).toEqual({
      mode: 'stdio',
      seed: 7,
      buggyOutput: true,
    });
    expect(parsePaperTrailArgs(['--http', '--buggy-output'])).toMatchObject({
      mode: 'http',
      buggyOutput: true,
    });
    expect(USAGE).toContain('--buggy-output');
    expect(() => parsePaperTrailArgs(['--buggy-output=yes'])).toThrow(ArgsError);
  });

  it('gets an isError "Output validation error" from the server, not the bad data', async () => {
    const client = await connect(['--buggy-output']);
    try {
      const result = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1041' },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const text = (result.content as Array<{ text: string }>)[0].text;
      expect(text).toMatch(
        /^MCP error -32602: Output validation error: Invalid structured content for tool order_status/,
      );
      expect(text).toContain('eta');
      // Other tools are untouched.
      const label = await client.callTool({
        name: 'shipping_label',
        arguments: { order_id: 'PT-1041' },
      });
      expect(label.isError).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('--unchecked-output', () => {
  it('is a flag with usage text', () => {
    expect(parsePaperTrailArgs(['--unchecked-output'])).toEqual({
      mode: 'stdio',
      uncheckedOutput: true,
    });
    expect(USAGE).toContain('--unchecked-output');
  });

  it('sends the broken structured content; the SDK Client refuses it once it knows the schema', async () => {
    const client = await connect(['--unchecked-output']);
    try {
      // Before tools/list the Client has no schema to check against: the bad data comes through.
      const raw = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1041' },
      });
      expect(raw.isError).toBeUndefined();
      expect(raw.structuredContent).toEqual({
        order_id: 'PT-1041',
        status: 'shipped',
        carrier: 'Delhivery',
        eta: Date.UTC(2026, 7, 5),
      });
      // The text content still carries the right record.
      expect(JSON.parse((raw.content as Array<{ text: string }>)[0].text).eta).toBe('2026-08-05');
      // After tools/list the Client validates and throws rather than hand the data over.
      await client.listTools();
      await expect(
        client.callTool({ name: 'order_status', arguments: { order_id: 'PT-1041' } }),
      ).rejects.toThrow(/Structured content does not match the tool's output schema/);
      // Other results are untouched.
      const missing = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-9999' },
      });
      expect(missing.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('reaches the HTTP server too', async () => {
    const running = await startHttpServer({ port: 0, jsonResponse: true, uncheckedOutput: true });
    const client = new Client({ name: 'tools-in-depth-test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      const result = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1017' },
      });
      expect((result.structuredContent as { eta: unknown }).eta).toBe(Date.UTC(2026, 6, 21));
    } finally {
      await client.close();
      await running.close();
    }
  });
});

describe('--buggy-output over streamable HTTP', () => {
  it('reaches the HTTP server too', async () => {
    const running = await startHttpServer({ port: 0, jsonResponse: true, buggyOutput: true });
    const client = new Client({ name: 'tools-in-depth-test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      const result = await client.callTool({
        name: 'order_status',
        arguments: { order_id: 'PT-1017' },
      });
      expect(result.isError).toBe(true);
      expect((result.content as Array<{ text: string }>)[0].text).toContain(
        'Output validation error',
      );
    } finally {
      await client.close();
      await running.close();
    }
  });
});

const inspector = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js', import.meta.url),
);
// See inspector-cli.test.ts: run from a subdirectory, with this Node first on PATH.
const cwd = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };

describe('MCP Inspector CLI against the new features', () => {
  async function inspect(
    args: string[],
    serverFlags: string[] = [],
  ): Promise<Record<string, unknown>> {
    const { command, args: serverArgs } = paperTrailCommand(serverFlags);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [inspector, '--cli', command, ...serverArgs, ...args],
      { cwd, env, timeout: 30_000 },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  it('lists the annotations and calls shipping_label', async () => {
    const listed = (await inspect(['--method', 'tools/list'])) as {
      tools: Array<{ name: string; annotations?: unknown }>;
    };
    expect(listed.tools.find((t) => t.name === 'shipping_label')?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    const called = (await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'shipping_label',
      '--tool-arg',
      'order_id=PT-1017',
    ])) as { content: Array<{ type: string }> };
    expect(called.content.map((block) => block.type)).toEqual([
      'text',
      'image',
      'resource_link',
      'resource',
    ]);
  });

  it('sees the output validation error under --buggy-output', async () => {
    const called = (await inspect(
      ['--method', 'tools/call', '--tool-name', 'order_status', '--tool-arg', 'order_id=PT-1041'],
      ['--buggy-output'],
    )) as { content: Array<{ text: string }>; isError: boolean };
    expect(called.isError).toBe(true);
    expect(called.content[0].text).toContain('Output validation error');
  });
});

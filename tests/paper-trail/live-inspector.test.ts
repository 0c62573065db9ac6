// The MCP Inspector CLI (@modelcontextprotocol/inspector-cli 1.0.3), an independent client,
// against Paper Trail --live: templates, a read through the template, the first page of
// resources/list with its opaque cursor, and a prompt with an argument.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { dirname, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';

const run = promisify(execFile);
const inspector = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js', import.meta.url),
);
// Run from a subdirectory with this Node first on PATH, for the reasons inspector-cli.test.ts gives.
const cwd = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
const { command, args } = paperTrailCommand();

async function inspect(method: string, ...more: string[]): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    [inspector, '--cli', command, ...args, '--live', '--method', method, ...more],
    { cwd, env, timeout: 30_000 },
  );
  return JSON.parse(stdout);
}

describe('MCP Inspector CLI against Paper Trail --live', () => {
  it('lists the two resource templates', async () => {
    const listed = (await inspect('resources/templates/list')) as {
      resourceTemplates: Array<{ uriTemplate: string }>;
    };
    expect(listed.resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'orders://{order_id}',
      'orders://{order_id}/label',
    ]);
  });

  it('reads an order through the template', async () => {
    const read = (await inspect('resources/read', '--uri', 'orders://PT-1058')) as {
      contents: Array<{ uri: string; text: string }>;
    };
    expect(JSON.parse(read.contents[0]!.text)).toMatchObject({ order_id: 'PT-1058' });
  });

  it('gets the first page of resources/list with a nextCursor', async () => {
    const page = (await inspect('resources/list')) as {
      resources: Array<{ uri: string }>;
      nextCursor?: string;
    };
    expect(page.resources).toHaveLength(4);
    expect(page.resources[0]!.uri).toBe('orders://PT-1063');
    expect(page.nextCursor).toBeTypeOf('string');
  });

  it('gets the prompt with an order id argument', async () => {
    const prompt = (await inspect(
      'prompts/get',
      '--prompt-name',
      'draft_customer_reply',
      '--prompt-args',
      'order_id=PT-1041',
    )) as { messages: Array<{ role: string }> };
    expect(prompt.messages[0]!.role).toBe('user');
  });
});

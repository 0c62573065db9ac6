// PAPER_TRAIL_CARRIER_KEY reaches Paper Trail only when the client passes it on: the SDK's
// StdioClientTransport starts a server with a short list of variables unless given `env`.
import { execFile } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StdioClientTransport,
  getDefaultEnvironment,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { CARRIER_KEY_VARIABLE, CARRIER_URI } from '../../sandbox/paper-trail/carrier.ts';

const KEY = 'test-key-123';

async function readCarrier(env?: Record<string, string>) {
  const { command, args } = paperTrailCommand();
  const transport = new StdioClientTransport({
    command,
    args,
    stderr: 'pipe',
    ...(env && { env }),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The server's warning goes to stderr, a pipe of its own: it may arrive after the reply on
  // stdout, so the server's stderr is read to its end before the test looks at it.
  const drained = new Promise<void>((done) => {
    if (transport.stderr) transport.stderr.once('end', done);
    else done();
  });
  const client = new Client({ name: 'carrier-test', version: '1.0.0' });
  await client.connect(transport);
  let read;
  try {
    read = await client.readResource({ uri: CARRIER_URI });
  } finally {
    await client.close();
  }
  await drained;
  const text = (read.contents[0] as { text: string }).text;
  return { body: JSON.parse(text) as Record<string, string>, text, stderr };
}

describe('the carrier key and the SDK client', () => {
  const before = process.env[CARRIER_KEY_VARIABLE];
  afterEach(() => {
    if (before === undefined) delete process.env[CARRIER_KEY_VARIABLE];
    else process.env[CARRIER_KEY_VARIABLE] = before;
  });

  it('is not seen when the host has it but passes no env, and the server says so on stderr', async () => {
    process.env[CARRIER_KEY_VARIABLE] = KEY;
    const { body, stderr } = await readCarrier();
    expect(body).toEqual({ [CARRIER_KEY_VARIABLE]: 'not set', source: 'offline sample data' });
    expect(stderr).toContain(`${CARRIER_KEY_VARIABLE} is not set in my environment`);
  });

  it('is seen when the host passes it with env, and its value never goes on the wire', async () => {
    const { body, text, stderr } = await readCarrier({
      ...getDefaultEnvironment(),
      [CARRIER_KEY_VARIABLE]: KEY,
    });
    expect(body).toEqual({ [CARRIER_KEY_VARIABLE]: 'set', source: 'carrier API' });
    expect(text).not.toContain(KEY);
    expect(stderr).not.toContain('not set');
  });

  it('treats an empty value as not set', async () => {
    const { body } = await readCarrier({ ...getDefaultEnvironment(), [CARRIER_KEY_VARIABLE]: '' });
    expect(body[CARRIER_KEY_VARIABLE]).toBe('not set');
  });
});

describe('the carrier key and the MCP Inspector CLI', () => {
  const inspector = fileURLToPath(
    new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js', import.meta.url),
  );
  // Same two quirks as inspector-cli.test.ts: run from below the repo root, and a bare "node".
  const cwd = fileURLToPath(new URL('..', import.meta.url));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  };
  delete env[CARRIER_KEY_VARIABLE];
  const { command, args } = paperTrailCommand();
  const read = async (extra: string[]) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        inspector,
        '--cli',
        ...extra,
        command,
        ...args,
        '--method',
        'resources/read',
        '--uri',
        CARRIER_URI,
      ],
      { cwd, env, timeout: 30_000 },
    );
    const result = JSON.parse(stdout) as { contents: Array<{ text: string }> };
    return JSON.parse(result.contents[0].text) as Record<string, string>;
  };

  it('passes a variable given with -e on to the server', async () => {
    expect((await read([]))[CARRIER_KEY_VARIABLE]).toBe('not set');
    expect((await read(['-e', `${CARRIER_KEY_VARIABLE}=${KEY}`]))[CARRIER_KEY_VARIABLE]).toBe(
      'set',
    );
  });
});

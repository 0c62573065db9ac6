// The dock and its connector are the server to the client that starts the connector: its
// bytes both ways, the end of its stdin, a signal passed on and the server's exit code; and
// only what passed through the dock is recorded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Dock } from '../../sandbox/harness/dock.ts';
import { encodeFrame } from '../../sandbox/tap/dock-frames.ts';
import type { TapRecord } from '../../sandbox/tap/record-file.ts';
import { allProcs } from '../hostile/procs.ts';

const CONNECTOR = [
  process.execPath,
  fileURLToPath(new URL('../../sandbox/tap/connector-main.ts', import.meta.url)),
];

// A server that answers each line with it upper-cased, and on EOF exits with the code its
// first argument names; `hang` ignores EOF and SIGTERM alike.
const scratch = mkdtempSync(join(tmpdir(), 'mcpw-dock-test-'));
afterAll(() => {
  if (scratch.startsWith(join(tmpdir(), 'mcpw-dock-test-'))) {
    rmSync(scratch, { recursive: true, force: true });
  }
});
const SERVER = join(scratch, 'server.mjs');
writeFileSync(
  SERVER,
  `const [code, mode] = process.argv.slice(2);
process.stdin.on('data', (b) => process.stdout.write(b.toString().toUpperCase()));
process.stdin.on('end', () => { if (mode !== 'hang') process.exit(Number(code)); });
if (mode === 'hang') { process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); }
`,
);

async function dockWith(...args: string[]) {
  const records: TapRecord[] = [];
  const dock = await Dock.open({
    server: { command: process.execPath, args: [SERVER, ...args] },
    cwd: scratch,
    maxBytes: 1024 * 1024,
    onRecord: (r) => records.push(r),
  });
  return { dock, records };
}

function client(dock: Dock, ...extra: string[]) {
  const [command, ...args] = [...dock.connectorCommand(CONNECTOR, undefined), ...extra];
  const child = spawn(command!, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
  const exit = new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  /** Until the client has been answered this much. */
  const answered = async (want: string) => {
    while (!out.includes(want)) await new Promise((r) => setTimeout(r, 10));
  };
  return { child, exit, out: () => out, answered };
}

const kinds = (records: TapRecord[]) => records.map((r) => r.k);
const text = (records: TapRecord[], k: TapRecord['k']) =>
  records
    .filter((r) => r.k === k)
    .map((r) => Buffer.from(r.b ?? '', 'base64').toString())
    .join('');

describe('the dock and its connector', () => {
  it('carry bytes, the end of stdin and the exit code, and record them', async () => {
    const { dock, records } = await dockWith();
    try {
      const c = client(dock, '3');
      c.child.stdin.write('hello\n');
      await c.answered('HELLO\n');
      c.child.stdin.end();
      expect(await c.exit).toEqual({ code: 3, signal: null });
      expect(c.out()).toBe('HELLO\n');
      expect(kinds(records)[0]).toBe('start');
      expect(records[0]!.command).toEqual([process.execPath, SERVER, '3']);
      expect(text(records, 'c2s')).toBe('hello\n');
      expect(text(records, 's2c')).toBe('HELLO\n');
      expect(kinds(records).slice(-2)).toEqual(['c2s-end', 'exit']);
      expect(records.at(-1)).toMatchObject({ code: 3, signal: null });
    } finally {
      await dock.close();
    }
  });

  it('pass SIGTERM on to the server, which decides', async () => {
    const { dock, records } = await dockWith();
    try {
      const c = client(dock, '0');
      c.child.stdin.write('x\n');
      await c.answered('X\n');
      c.child.kill('SIGTERM');
      // The server died of the signal: the client sees 1, as from the relay.
      expect(await c.exit).toEqual({ code: 1, signal: null });
      expect(records.at(-1)).toMatchObject({ k: 'exit', code: null, signal: 'SIGTERM' });
    } finally {
      await dock.close();
    }
  });

  it('end the server when the connector is killed, and record nothing after', async () => {
    const { dock, records } = await dockWith('0', 'hang');
    try {
      const c = client(dock);
      c.child.stdin.write('x\n');
      await c.answered('X\n');
      const server = records.length;
      c.child.kill('SIGKILL');
      await c.exit;
      await new Promise((r) => setTimeout(r, 300));
      expect(kinds(records)).not.toContain('exit');
      expect(records.length).toBe(server);
      const left = allProcs().filter((p) => p.command.includes(`${SERVER} 0 hang`));
      expect(left.filter((p) => p.state !== 'Z')).toEqual([]);
    } finally {
      await dock.close();
    }
  });

  it('start nothing for a connection without the run token', async () => {
    const { dock, records } = await dockWith();
    try {
      const socket = connect({ host: '127.0.0.1', port: dock.port });
      socket.write(encodeFrame('hello', JSON.stringify({ token: 'guessed', args: [] })));
      socket.write(encodeFrame('stdin', '{"forged":true}\n'));
      await new Promise<void>((r) => socket.once('close', () => r()));
      expect(records).toEqual([]);
    } finally {
      await dock.close();
    }
  });
});

// `npm run tap` over stdio when its host goes away: a host that closes the tap's pipes, one
// that dies (the process that started the tap), or a signal to the tap, in front of a
// server that ignores stdin EOF and SIGTERM alike. The tap must end the server (SIGTERM,
// then SIGKILL) and itself, and a server that writes without end must not grow the capture
// past its cap.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCapture } from '../../sandbox/wire/capture-file.ts';
import { allProcs, killAll, waitFor } from './procs.ts';

const TAP = fileURLToPath(new URL('../../sandbox/cli/tap.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mcpw-tap-host-gone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tap's grace, twice (EOF, then SIGTERM), and a loaded machine's delays. */
const ENDS_WITHIN_MS = 12_000;

/** A server that answers one line, then ignores EOF and SIGTERM; `flood` writes without end. */
function stubborn(title: string, flood = false): string[] {
  const body = [
    `process.title = ${JSON.stringify(title)};`,
    "process.on('SIGTERM', () => {});",
    'process.stdin.on(\'data\', () => process.stdout.write(\'{"jsonrpc":"2.0","id":1,"result":{}}\\n\'));',
    "process.stdin.on('end', () => {});",
    flood
      ? "const line = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(1000) } }) + '\\n'; const go = () => { while (process.stdout.write(line)); process.stdout.once('drain', go); }; go();"
      : 'setInterval(() => {}, 1000);',
  ].join('\n');
  return [process.execPath, '-e', body];
}

const titled = (title: string) => allProcs().filter((p) => p.command === title);

interface Started {
  tap: ChildProcess;
  out: string;
  title: string;
  stderr: () => string;
  exited: Promise<unknown>;
}

function startTap(name: string, flood = false, extra: string[] = []): Started {
  const title = `mcpw-hang-${name}-${process.pid}`;
  const out = join(dir, `${name}.jsonl`);
  const tap = spawn(
    process.execPath,
    [TAP, '--out', out, ...extra, '--', ...stubborn(title, flood)],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  tap.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise((resolve) => tap.once('exit', resolve));
  return { tap, out, title, stderr: () => stderr, exited };
}

async function serverUp(s: Started): Promise<void> {
  s.tap.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  await new Promise<void>((resolve) => s.tap.stdout!.once('data', () => resolve()));
  expect(titled(s.title)).toHaveLength(1);
}

async function allGone(s: Started): Promise<void> {
  try {
    await Promise.race([
      s.exited,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`the tap still runs: ${s.stderr()}`)), ENDS_WITHIN_MS),
      ),
    ]);
    await waitFor(
      'the server to be gone',
      () => (titled(s.title).length === 0 ? true : null),
      2_000,
    );
  } finally {
    s.tap.kill('SIGKILL');
    killAll(titled(s.title));
  }
}

describe('npm run tap when its host goes away', () => {
  it('ends a server that ignores EOF and SIGTERM once the host closes its pipes', async () => {
    const s = startTap('closed-pipes');
    await serverUp(s);
    s.tap.stdin!.end();
    s.tap.stdout!.destroy();
    await allGone(s);
    const frames = parseCapture(readFileSync(s.out, 'utf8'), s.out);
    expect(frames.map((f) => f.dir)).toEqual(['c2s', 's2c']);
  }, 30_000);

  it('ends the server when the process that started the tap dies', async () => {
    // The host: a shell that starts the tap with its pipes and is then killed outright.
    const title = `mcpw-hang-parent-dies-${process.pid}`;
    const out = join(dir, 'parent-dies.jsonl');
    const words = [process.execPath, TAP, '--out', out, '--', ...stubborn(title)];
    const quoted = words.map((w) => `'${w.replaceAll("'", `'\\''`)}'`).join(' ');
    // A group of its own, so that the `sleep` feeding the tap's stdin goes with it at the end.
    const host = spawn('sh', ['-c', `sleep 300 | ${quoted} > /dev/null & wait`], {
      stdio: 'ignore',
      detached: true,
    });
    try {
      await waitFor(
        'the server to start',
        () => (titled(title).length === 1 ? true : null),
        20_000,
      );
      const tap = allProcs().find((p) => p.command.includes(TAP) && p.ppid === host.pid);
      expect(tap, 'the tap under its host').toBeDefined();
      host.kill('SIGKILL');
      await waitFor(
        'the server to be gone',
        () => (titled(title).length === 0 ? true : null),
        ENDS_WITHIN_MS,
      );
    } finally {
      try {
        process.kill(-host.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      killAll(titled(title));
      killAll(allProcs().filter((p) => p.command.includes(out)));
    }
  }, 40_000);

  it('ends a server that ignores SIGTERM when the tap is told to stop', async () => {
    const s = startTap('signalled');
    await serverUp(s);
    s.tap.kill('SIGTERM');
    await allGone(s);
  }, 30_000);

  it('caps the capture of a server that writes without end', async () => {
    const s = startTap('flood', true, ['--max-mib', '2']);
    await serverUp(s);
    s.tap.stdout!.resume();
    await waitFor(
      'the limit',
      () => (/reached its limit of 2 MiB/.test(s.stderr()) ? true : null),
      20_000,
    );
    // Still passing bytes through: the host keeps reading more than the cap.
    let read = 0;
    s.tap.stdout!.on('data', (c: Buffer) => (read += c.length));
    await waitFor('more bytes', () => (read > 4 * 1024 * 1024 ? true : null), 20_000);
    s.tap.stdin!.end();
    s.tap.stdout!.destroy();
    await allGone(s);
    expect(statSync(s.out).size).toBeLessThan(3 * 1024 * 1024);
  }, 60_000);
});

// The contract the workbench relies on: main.ts prints one HarnessEvent per line on stdout,
// ends with done, exits 0 when the harness worked and 2 on a usage error.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HarnessEvent } from '../../sandbox/contract/events.ts';
import { newNonce, signedEvent } from '../../sandbox/runtime/server/signed-events.ts';
import { FIXTURE_EXERCISES, isAlive } from './helpers.ts';

const MAIN = new URL('../../sandbox/harness/main.ts', import.meta.url).pathname;

function main(args: string[]) {
  return spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 30_000 });
}

describe('harness main.ts', () => {
  it('streams NDJSON events ending in done, with the workspace overlaid', () => {
    const ws = mkdtempSync(join(tmpdir(), 'ws-'));
    try {
      // The learner's file replaces the starter's; the relay inside is main.ts itself.
      writeFileSync(
        join(ws, 'program.ts'),
        "import { spawn } from 'node:child_process';\n" +
          'const [c, ...a] = process.argv.slice(2);\n' +
          "const p = spawn(c, a, { stdio: ['pipe', 'inherit', 'inherit'] });\n" +
          "p.stdin.end('hello from the workspace\\n');\n",
      );
      const r = main([
        '--exercise',
        'echo',
        '--workspace',
        ws,
        '--mode',
        'run',
        '--exercises-root',
        FIXTURE_EXERCISES,
      ]);
      expect(r.status).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      const events = lines.map((l) => HarnessEvent.parse(JSON.parse(l)));
      expect(events.at(-1)).toMatchObject({ type: 'done', verdict: 'completed' });
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'frame', dir: 'c2s', text: 'hello from the workspace' }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'stdout',
          source: 'learner',
          text: 'HELLO FROM THE WORKSPACE\n',
        }),
      );
    } finally {
      rmSync(ws, { recursive: true, force: true });
    }
  });

  it('takes a nonce that begins with a dash, and signs every event with it', () => {
    // base64url nonces begin with '-' one time in 64; the standby's arguments carry it.
    const nonce = '-' + newNonce();
    const r = main([
      '--exercise',
      'raw-client',
      '--mode',
      'check',
      '--timeout-ms',
      '5000',
      `--nonce=${nonce}`,
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const events = lines.map((l) => signedEvent(l, nonce));
    expect(events.every((e) => e !== undefined)).toBe(true);
    expect(JSON.parse(events.at(-1)!)).toMatchObject({ type: 'done', passed: false });
  });

  it('exits 0 with a failing check and 2 on usage errors', () => {
    const r = main(['--exercise', 'raw-client', '--mode', 'check', '--timeout-ms', '5000']);
    expect(r.status).toBe(0);
    const done = JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!);
    expect(done).toMatchObject({ type: 'done', passed: false });

    const bad = main(['--exercise', 'raw-client', '--mode', 'judge']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--mode must be "run" or "check"');
    expect(main(['--mode', 'run']).status).toBe(2);
    const unknown = main(['--exercise', 'no-such-exercise', '--mode', 'run']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown exercise "no-such-exercise"');
    expect(main(['--exercise', 'raw-client', '--mode', 'run', '--bogus']).status).toBe(2);
  });
});

describe('harness main.ts stopped from outside', () => {
  it('ends the learner process group and removes its work folder on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [MAIN, '--exercise', 'orphan-hang', '--mode', 'run', '--exercises-root', FIXTURE_EXERCISES],
      // The grandchild's pid must mean the same here as in the program: without the PID
      // namespace (pid-namespace.ts), whose ending tests/hostile covers.
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, MCPW_CONTAINMENT: 'off' } },
    );
    // The run's own folder, by what the program says: other files' runs of the same fixture
    // may have folders of their own there at the same time.
    const { grandchild, work } = await new Promise<{ grandchild: number; work: string }>(
      (resolve) => {
        let buf = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (text: string) => {
          buf += text;
          const m = /grandchild\\":(\d+).*work\\":\\"(.+?)\\"/.exec(buf);
          if (m) resolve({ grandchild: Number(m[1]), work: m[2]! });
        });
      },
    );
    expect(work).toContain('orphan-hang-');
    expect(existsSync(work)).toBe(true);
    expect(isAlive(grandchild)).toBe(true);
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(isAlive(grandchild)).toBe(false);
    expect(existsSync(work)).toBe(false);
  });
});

// Commands without a test file of their own: a mistyped flag is a usage error (exit 2, the
// message and the usage on stderr), found before any work starts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function run(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [ROOT + script, ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    timeout: 30_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('usage errors', () => {
  it.each([
    [['--port', 'eighty'], 'workshop: --port must be a whole number, got "eighty"'],
    [['--port', '70000'], '--port must be a port number, 0 to 65535'],
    [['--timeout-ms', '1.5'], '--timeout-ms must be a whole number of milliseconds, got "1.5"'],
    [['--timeout-ms', '99999999'], '--timeout-ms must be at most 120000'],
    [['--dist', '/nonexistent-mcpw-dist'], 'No built site in /nonexistent-mcpw-dist'],
    [['--colour'], "Unknown option '--colour'"],
  ])('workshop %j', (args, says) => {
    const r = run('sandbox/workshop/main.ts', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(says);
    expect(r.err).toContain('usage: npm run workshop');
    expect(r.out).toBe('');
  });

  it('bundle:runtime takes no flags', () => {
    const r = run('sandbox/runtime/bundle-cli.ts', '--out', 'x');
    expect(r.code).toBe(2);
    expect(r.err).toContain("Unknown option '--out'");
    expect(r.err).toContain('usage: npm run bundle:runtime');
  });

  it('capture names itself and shows its usage', () => {
    const r = run('sandbox/capture/cli.ts', '--dir', ' ');
    expect(r.code).toBe(2);
    expect(r.err).toContain('capture: --dir needs a directory path');
    expect(r.err).toContain('usage: npm run capture');
  });

  it.each([
    [['--exercise', 'raw--client', '--mode', 'run'], '--exercise must be an exercise id'],
    [['--exercise', 'raw-client', '--mode', 'run', '--timeout-ms', '0'], 'at least 1'],
    [['--exercise', 'raw-client', '--mode', 'run', '--timeout-ms', '200000'], 'at most 120000'],
  ])('harness %j', (args, says) => {
    const r = run('sandbox/harness/main.ts', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(says);
    expect(r.err).toContain('usage: main.ts');
    expect(r.out).toBe('');
  });
});

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

const WORKSHOP = ['sandbox/workshop/main.ts', 'usage: npm run workshop'] as const;
const HARNESS = ['sandbox/harness/main.ts', 'usage: main.ts'] as const;
const BUNDLE = ['sandbox/runtime/build/bundle-cli.ts', 'usage: npm run bundle:runtime'] as const;
const CAPTURE = ['sandbox/capture/cli.ts', 'usage: npm run capture'] as const;
const HARNESS_RUN = ['--exercise', 'raw-client', '--mode', 'run'];

describe('usage errors', () => {
  it.each([
    [WORKSHOP, ['--port', 'eighty'], 'workshop: --port must be a whole number, got "eighty"'],
    [WORKSHOP, ['--port', '70000'], '--port must be a port number, 0 to 65535'],
    [WORKSHOP, ['--timeout-ms', '1.5'], 'must be a whole number of milliseconds, got "1.5"'],
    [WORKSHOP, ['--timeout-ms', '99999999'], '--timeout-ms must be at most 120000'],
    [WORKSHOP, ['--dist', '/nonexistent-mcpw-dist'], 'No built site in /nonexistent-mcpw-dist'],
    [WORKSHOP, ['--colour'], "Unknown option '--colour'"],
    [BUNDLE, ['--out', 'x'], "bundle:runtime: Unknown option '--out'"],
    [CAPTURE, ['--dir', ' '], 'capture: --dir needs a directory path'],
    [HARNESS, ['--exercise', 'raw--client', '--mode', 'run'], '--exercise must be an exercise id'],
    [HARNESS, [...HARNESS_RUN, '--timeout-ms', '0'], '--timeout-ms must be at least 1'],
    [HARNESS, [...HARNESS_RUN, '--timeout-ms', '200000'], '--timeout-ms must be at most 120000'],
  ])('%j %j', ([script, usage], args, says) => {
    const r = run(script, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(says);
    expect(r.err).toContain(usage);
    expect(r.out).toBe('');
  });
});

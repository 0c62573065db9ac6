// `npm run explain` as a user runs it: one finding a line with its lesson's address, then the
// summary, exit 0 for any file it could read (findings or none), 2 with the reason otherwise.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'sandbox/cli/explain.ts');

function explain(args: string[], cwd = ROOT) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { ...process.env, INIT_CWD: cwd } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run explain', () => {
  it('prints each finding with its lesson section, then the summary, and exits 0', async () => {
    const { code, stdout } = await explain([
      'lessons/06-notifications/captures/notifications-cancel.jsonl',
      '--site',
      'http://localhost:4321/',
    ]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^#14 cancel-not-in-flight: The client's frame 14 cancels request 5 .* \(http:\/\/localhost:4321\/lessons\/notifications\/#when-the-cancel-is-late\)$/,
    );
    expect(lines.slice(1)).toEqual([
      '17 frames (9 from the client, 8 from the server); 6 requests, 5 answered.',
      '0 tool errors (results with "isError": true, for the model); 0 protocol errors ("error" responses, for the client\'s code).',
      '1 finding.',
    ]);
  });

  it('counts the requests an HTTP server refused apart from those it answered', async () => {
    const { stdout } = await explain(['lessons/07-streamable-http/captures/http-lifecycle.jsonl']);
    expect(stdout).toContain('; 8 requests, 5 answered, 3 refused by HTTP.\n');
  });

  it('says a clean session has no findings, reading a path from where it was typed', async () => {
    const { code, stdout } = await explain(
      ['captures/handshake.jsonl'],
      join(ROOT, 'lessons/03-the-handshake'),
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^\d+ frames .*\n.*\nNo findings: nothing in this session breaks a rule the course teaches\.\n$/,
    );
  });

  it('exits 2 naming the file and line it cannot read, or the argument it lacks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'explain-cli-'));
    try {
      writeFileSync(join(dir, 'bad.jsonl'), '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
      const bad = await explain(['bad.jsonl'], dir);
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toMatch(/^explain: .*bad\.jsonl:1: not a frame record \(seq: /);
      const missing = await explain(['nope.jsonl'], dir);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/nope\.jsonl: cannot read \(ENOENT/);
      const none = await explain([], dir);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/^explain: give the capture file to explain\n\nusage:/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

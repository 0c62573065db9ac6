// The committed captures match the live server, and the check notices when they do not.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectCaptures } from '../../sandbox/capture/captures.ts';
import { checkCaptures } from '../../sandbox/capture/check.ts';
import { captureFiles } from '../../sandbox/course/capture-files.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
/** Every committed capture file (captures and stderr sidecars), in every lesson's folder. */
const committed = captureFiles(repo);
const cli = fileURLToPath(new URL('../../sandbox/capture/cli.ts', import.meta.url));
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every committed capture file, copied flat into one folder (what --dir reads). */
function copyOfCommitted(): string {
  const dir = mkdtempSync(join(tmpdir(), 'captures-'));
  scratch.push(dir);
  for (const [name, path] of committed) cpSync(join(repo, path), join(dir, name));
  return dir;
}

describe('capture --check', () => {
  it('finds the committed captures identical to a fresh capture (CLI, exit 0)', () => {
    const run = spawnSync(process.execPath, [cli, '--check'], {
      encoding: 'utf8',
      // Every session runs live (lesson 1's start real clients), on a machine that may be busy.
      timeout: 180_000,
    });
    expect(run.stderr).toBe('');
    // Every committed file: the captures and their stderr sidecars.
    expect(run.stdout).toBe(
      `capture check OK: ${committed.size} files in lessons/*/captures match\n`,
    );
    expect(run.status).toBe(0);
  }, 200_000);

  it('names the file and the first differing frame when a copy was edited', async () => {
    const dir = copyOfCommitted();
    const file = join(dir, 'http-json.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[7] = lines[7]!.replace('Delhivery', 'Blue Dart');
    writeFileSync(file, lines.join('\n'));

    // One capture is enough to see the check notice an edit; the full check runs above.
    const outcome = await checkCaptures(await selectCaptures(['http-json']), dir);
    expect(outcome.ok).toBe(false);
    expect(outcome.problems).toHaveLength(1);
    const [problem] = outcome.problems;
    expect(problem).toContain('http-json.jsonl: frame seq 7 differs');
    expect(problem).toMatch(/expected \(committed\): .*Blue Dart/);
    expect(problem).toMatch(/seen \(re-captured\): .*Delhivery/);
  }, 200_000);

  it('exits 1 from the CLI on a difference, 2 on an unknown flag or capture name', () => {
    const dir = copyOfCommitted();
    rmSync(join(dir, 'http-sse.jsonl'));
    const missing = spawnSync(
      process.execPath,
      [cli, '--check', '--only', 'http-sse', '--dir', dir],
      {
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('http-sse.jsonl: missing from');

    const unknown = spawnSync(process.execPath, [cli, '--chek'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--chek'");
    expect(unknown.stderr).toContain('usage: npm run capture');

    // A misspelt capture name is refused, with the names there are, before anything runs.
    const typo = spawnSync(process.execPath, [cli, '--check', '--only', 'http-sees'], {
      encoding: 'utf8',
    });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain(
      'no capture called "http-sees"; the captures are: host-client-a,',
    );
    expect(typo.stderr).toContain('http-sse');
  }, 200_000);
});

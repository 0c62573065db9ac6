import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(process.cwd(), 'scripts/new.ts');

function runNew(dir: string, args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, MCP_WIRE_LESSONS_DIR: dir + '/' },
  });
}

describe('npm run new -- lesson', () => {
  it('writes a lesson from the template after the last one, quoting the title for YAML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    writeFileSync(join(dir, 'old.mdx'), "---\ntitle: 'Old'\norder: 4\n---\n");
    const r = runNew(dir, ['lesson', 'the-handshake', '--title', "It's initialize"]);
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'the-handshake.mdx'), 'utf8');
    expect(text).toMatch(/^---\ntitle: 'It''s initialize'\n/);
    expect(text).toContain('\norder: 5\n');
    expect(text).toMatch(/<Frames\s+capture=/);
    expect(text).not.toContain('{{');
  });

  it('refuses to overwrite a lesson and leaves it as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    writeFileSync(join(dir, 'taken.mdx'), 'mine');
    const r = runNew(dir, ['lesson', 'taken', '--title', 'T']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('exists already');
    expect(readFileSync(join(dir, 'taken.mdx'), 'utf8')).toBe('mine');
  });

  it.each([
    [['lesson', 'Bad_Slug', '--title', 'T'], 'kebab-case'],
    [['lesson', 'ok'], '--title is required'],
    [['lesson', 'ok', '--title', 'T', '--order', '0'], '--order must be a whole number'],
    [['page', 'ok', '--title', 'T'], 'the first word must be "lesson"'],
    [['lesson', 'ok', '--title', 'T', '--colour', 'red'], "Unknown option '--colour'"],
  ])('explains a usage error: %j', (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    const r = runNew(dir, args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage: npm run --silent new');
    expect(execFileSync('ls', [dir], { encoding: 'utf8' })).toBe('');
  });
});

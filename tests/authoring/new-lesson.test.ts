import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    mkdirSync(join(dir, '04-old'));
    writeFileSync(join(dir, '04-old', 'lesson.mdx'), "---\ntitle: 'Old'\n---\n");
    // --capture shows an existing capture; without it the lesson starts a capture session in
    // sandbox/capture/, which the guide's end-to-end test does in a copy of the repository.
    const r = runNew(dir, [
      'lesson',
      'the-handshake',
      '--title',
      "It's initialize",
      '--capture',
      'stdio-session',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(join(dir, '05-the-handshake', 'lesson.mdx'), 'utf8');
    expect(text).toMatch(/^---\ntitle: 'It''s initialize'\n/);
    expect(text).not.toMatch(/^order:/m);
    expect(text).toContain("from '../../components/Frames.astro'");
    expect(text).toMatch(/<Frames\s+capture="stdio-session"/);
    expect(text).toContain("frame: { capture: 'stdio-session', seq: 0 }");
    expect(text).not.toContain('{{');
  });

  it('refuses to overwrite a lesson and leaves it as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    mkdirSync(join(dir, '03-taken'));
    writeFileSync(join(dir, '03-taken', 'lesson.mdx'), 'mine');
    const r = runNew(dir, ['lesson', 'taken', '--title', 'T']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('03-taken/lesson.mdx exists already');
    expect(readFileSync(join(dir, '03-taken', 'lesson.mdx'), 'utf8')).toBe('mine');
    const sameNumber = runNew(dir, ['lesson', 'other', '--title', 'T', '--order', '3']);
    expect(sameNumber.status).toBe(1);
    expect(sameNumber.stderr).toContain('lesson 3 is');
  });

  it.each([
    [
      ['lesson', 'ok', '--title', 'T', '--capture', 'no-such-capture'],
      'there is no capture called "no-such-capture"',
    ],
    [
      ['lesson', 'handshake', '--title', 'T'],
      'a capture called "handshake" is already in sandbox/capture/captures.ts',
    ],
    [
      ['capture', 'stdio-session'],
      'a capture called "stdio-session" is already in sandbox/capture/captures.ts',
    ],
  ])('refuses %j, naming the capture, and writes nothing', (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    const list = readFileSync('sandbox/capture/captures.ts', 'utf8');
    const r = runNew(dir, args);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(message);
    expect(execFileSync('ls', [dir], { encoding: 'utf8' })).toBe('');
    expect(readFileSync('sandbox/capture/captures.ts', 'utf8')).toBe(list);
    rmSync(dir, { recursive: true });
  });

  it.each([
    [['lesson', 'Bad_Slug', '--title', 'T'], 'kebab-case'],
    [['lesson', 'ok'], '--title is required'],
    [['lesson', 'ok', '--title', 'T', '--order', '0'], '--order must be a whole number'],
    [['page', 'ok', '--title', 'T'], 'the first word must be "lesson", "exercise" or "capture"'],
    [
      ['lesson', 'ok', '--title', 'T', '--capture', 'No Such'],
      'the capture name must be kebab-case',
    ],
    [['capture', 'Bad_Name'], 'the capture name must be kebab-case'],
    [['capture'], 'a capture name is required'],
    [['capture', 'ok', '--title', 'T'], '--title is for lessons and exercises, not captures'],
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

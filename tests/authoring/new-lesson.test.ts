import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sessionNames } from '../../scripts/new-capture.ts';

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
      'a capture called "handshake" is made by lessons/03-the-handshake/sessions.ts already',
    ],
    [
      ['capture', 'stdio-session', '--lesson', 'the-wire'],
      'a capture called "stdio-session" is made by lessons/02-the-wire/sessions.ts already',
    ],
  ])('refuses %j, naming the capture, and writes nothing', (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    const sessions = readFileSync('lessons/02-the-wire/sessions.ts', 'utf8');
    const r = runNew(dir, args);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(message);
    expect(execFileSync('ls', [dir], { encoding: 'utf8' })).toBe('');
    expect(readFileSync('lessons/02-the-wire/sessions.ts', 'utf8')).toBe(sessions);
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
    [['capture', 'ok'], '--lesson is required'],
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

describe('npm run new -- capture', () => {
  it("writes the lesson's sessions.ts, then adds a second session to it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    mkdirSync(join(dir, '12-orders'));
    writeFileSync(join(dir, '12-orders', 'lesson.mdx'), "---\ntitle: 'Orders'\n---\n");
    const first = runNew(dir, ['capture', 'order-found', '--lesson', 'orders']);
    expect(first.status, first.stderr).toBe(0);
    const file = join(dir, '12-orders', 'sessions.ts');
    const once = readFileSync(file, 'utf8');
    expect(sessionNames(once)).toEqual(['order-found']);
    const second = runNew(dir, ['capture', 'order-missing', '--lesson', 'orders']);
    expect(second.status, second.stderr).toBe(0);
    const twice = readFileSync(file, 'utf8');
    expect(sessionNames(twice)).toEqual(['order-found', 'order-missing']);
    expect(twice).toContain('async function captureOrderFound(');
    expect(twice).toContain('async function captureOrderMissing(');
    // The imports the first session brought are not written again.
    const imports = twice.split('\n').filter((l) => l.startsWith('import '));
    expect(imports).toEqual(once.split('\n').filter((l) => l.startsWith('import ')));
    // A name is the course's: the same one again is refused and the file stays as it was.
    const again = runNew(dir, ['capture', 'order-found', '--lesson', 'orders']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      'a capture called "order-found" is made by lessons/12-orders/sessions.ts already',
    );
    expect(readFileSync(file, 'utf8')).toBe(twice);
    rmSync(dir, { recursive: true });
  });

  it('refuses a lesson that does not exist, naming the ones there are', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    mkdirSync(join(dir, '01-only'));
    writeFileSync(join(dir, '01-only', 'lesson.mdx'), "---\ntitle: 'Only'\n---\n");
    const r = runNew(dir, ['capture', 'fresh-name', '--lesson', 'nowhere']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      '--lesson nowhere: there is no lesson folder <NN>-nowhere; the lessons are only',
    );
    expect(execFileSync('ls', [join(dir, '01-only')], { encoding: 'utf8' })).toBe('lesson.mdx\n');
    rmSync(dir, { recursive: true });
  });
});

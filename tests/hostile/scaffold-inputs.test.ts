// Hostile input to `npm run new`: titles that hold replacement patterns ($&, $`, $'), a
// placeholder of the template, a line break or a "---"; an exercise for a lesson that does not
// exist. The scaffold writes the author's words as they are, or refuses with a sentence that
// names the flag, and writes nothing it refused.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = join(process.cwd(), 'scripts/new.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function runNew(env: Record<string, string>, args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

describe('npm run new -- lesson, with a hostile title', () => {
  it.each([
    ['replacement patterns', "Price $& and $` and $' of it"],
    ['a placeholder of the template', 'All about {{summary}} and {{order}}'],
    ['a frontmatter fence', '--- the end of the frontmatter? ---'],
  ])('writes %s as typed', (_, title) => {
    const dir = scratch('lessons-hostile-');
    const r = runNew({ MCP_WIRE_LESSONS_DIR: dir + '/' }, [
      'lesson',
      'odd-title',
      // The = form: a title may start with "--" itself.
      `--title=${title}`,
      '--summary',
      'Costs $1 & {{title}}.',
      '--capture',
      'stdio-session',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(join(dir, '01-odd-title', 'lesson.mdx'), 'utf8');
    const frontmatter = text.split('\n---\n')[0];
    expect(frontmatter).toBe(
      `---\ntitle: '${title.replaceAll("'", "''")}'\nsummary: 'Costs $1 & {{title}}.'\nspec: '2025-11-25'`,
    );
  });

  it.each([
    ['--title', 'Two\nlines'],
    ['--title', 'A\ttab'],
    ['--summary', 'One line.\n---\nanother: key'],
  ])('refuses %s with a line break or a control character', (flag, value) => {
    const dir = scratch('lessons-hostile-');
    const args = ['lesson', 'broken', '--title', 'Fine', '--capture', 'stdio-session'];
    if (flag === '--title') args[3] = value;
    else args.push('--summary', value);
    const r = runNew({ MCP_WIRE_LESSONS_DIR: dir + '/' }, args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${flag} must be one line of text`);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('npm run new -- exercise, for a lesson that does not exist', () => {
  it('refuses it at once, names the lessons there are, and writes nothing', () => {
    const lessons = scratch('lessons-known-');
    mkdirSync(join(lessons, '02-the-wire'));
    writeFileSync(join(lessons, '02-the-wire', 'lesson.mdx'), "---\ntitle: 'The wire'\n---\n");
    const r = runNew({ MCP_WIRE_LESSONS_DIR: lessons + '/' }, [
      'exercise',
      'ghost-task',
      '--lesson',
      'no-such-lesson',
      '--title',
      'Ghost',
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `--lesson no-such-lesson: there is no lesson folder ${join(lessons, '<NN>-no-such-lesson')}; the lessons are the-wire`,
    );
    expect(readdirSync(lessons)).toEqual(['02-the-wire']);
    expect(readdirSync(join(lessons, '02-the-wire'))).toEqual(['lesson.mdx']);
  });
});

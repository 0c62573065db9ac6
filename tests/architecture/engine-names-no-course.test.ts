// The engine (sandbox/) names no lesson and no exercise: the course reaches it through the
// lesson folders it discovers, so adding, renaming or removing a lesson touches no engine file.
// Paper Trail's feature modules are the one exception: each says which lesson's frames need it.
// Names are read from lessons/ itself. A name of one word ("tap", "notifications") is also a
// command or a method of the engine's own, so it counts only where it is used as a course name
// (a folder under exercises/, or compared with an id); a name with a hyphen counts anywhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const LESSONS = join(ROOT, 'lessons');
const EXEMPT = ['sandbox/paper-trail/features/'];

const folders = readdirSync(LESSONS).filter((f) => /^\d{2}-/.test(f));
const slugs = folders.map((f) => f.replace(/^\d{2}-/, ''));
const exercises = folders.flatMap((f) => {
  const dir = join(LESSONS, f, 'exercises');
  try {
    return readdirSync(dir).filter((e) => statSync(join(dir, e)).isDirectory());
  } catch {
    return [];
  }
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function patternFor(name: string): RegExp {
  return name.includes('-')
    ? new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`)
    : new RegExp(
        `(exercises/|\\b(id|exercise|lesson|slug)\\s*[!=]==?\\s*['"\`])${escape(name)}(?![\\w-])`,
      );
}
const NAMES = [...folders, ...slugs, ...exercises].map((name) => ({
  name,
  pattern: patternFor(name),
}));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|mjs|js|md|json)$/.test(entry.name) ? [path] : [];
  });
}

/** Every line of the engine that names a lesson or an exercise, as "file:line: name". */
export function courseNamesIn(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, i) =>
        NAMES.filter(({ pattern }) => pattern.test(line)).map(
          ({ name }) => `${path}:${i + 1}: ${name}`,
        ),
      ),
  );
}

describe('the engine names no lesson and no exercise', () => {
  it('finds the course names it looks for', () => {
    expect(folders.length).toBeGreaterThan(0);
    expect(exercises.length).toBeGreaterThan(0);
  });

  it('holds for every file of sandbox/ outside Paper Trail’s feature modules', () => {
    const files = filesUnder(join(ROOT, 'sandbox'))
      .map((abs) => relative(ROOT, abs).split('\\').join('/'))
      .filter((path) => !EXEMPT.some((e) => path.startsWith(e)))
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(courseNamesIn(files)).toEqual([]);
  });

  it('would find an exercise id, a lesson folder and a quoted one-word name', () => {
    const [folder, exercise] = [folders[0]!, exercises.find((e) => e.includes('-'))!];
    const planted = [
      { path: 'sandbox/a.ts', text: `// as ${exercise}'s checks do\n` },
      { path: 'sandbox/b.ts', text: `const where = 'lessons/${folder}/lesson.mdx';\n` },
      { path: 'sandbox/c.ts', text: `if (id === '${slugs.find((s) => !s.includes('-'))}') {}\n` },
    ];
    expect(courseNamesIn(planted)).toHaveLength(3);
  });
});

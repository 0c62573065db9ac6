// Exercises are found by folder: lessons/<NN>-<slug>/exercises/<id>/, the lesson being the
// one whose folder holds it. Planted trees show the two mistakes an author can make with
// folders (a name that is no id, one id in two lessons) refused with the folders named, and a
// bundle's shelf read as the harness in the container reads it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkFolders,
  exerciseFolderOf,
  exerciseFolders,
  exerciseFoldersAt,
} from '../../sandbox/course/exercise-folders.ts';
import { defaultExercisesRoot } from '../../sandbox/exercises/loader.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A folder holding the files given (their contents do not matter here). */
function tree(files: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'mcpw-exercise-folders-'));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '{}');
  }
  return dir;
}

describe('the course in this repository', () => {
  it("finds every exercise in its lesson's folder, each once", () => {
    const root = defaultExercisesRoot();
    // What is on disk, listed here without the code under test: every exercise.json two
    // levels under a lesson's exercises/.
    const lessons = readdirSync(join(root, 'lessons')).filter((f) => /^\d{2,}-/.test(f));
    const onDisk = lessons.flatMap((lesson) => {
      const dir = join(root, 'lessons', lesson, 'exercises');
      if (!existsSync(dir)) return [];
      return readdirSync(dir).filter((id) => existsSync(join(dir, id, 'exercise.json')));
    });
    const found = exerciseFolders(root);
    expect(onDisk.length).toBeGreaterThan(0);
    expect(found.map((e) => e.id).sort()).toEqual(onDisk.sort());
    for (const exercise of found) {
      expect(exercise.folder).toMatch(
        new RegExp(`^lessons/\\d{2,}-${exercise.lesson}/exercises/${exercise.id}$`),
      );
    }
    expect(exerciseFolderOf('raw-client', defaultExercisesRoot())?.lesson).toBe('the-wire');
  });
});

describe('exerciseFolders on a planted course', () => {
  it('gives id, lesson and folder, in id order, and skips folders without exercise.json', () => {
    const root = tree([
      'lessons/01-one/lesson.mdx',
      'lessons/01-one/exercises/zeta/exercise.json',
      'lessons/01-one/exercises/notes/readme.md',
      'lessons/02-two/lesson.mdx',
      'lessons/02-two/exercises/alpha/exercise.json',
      'lessons/02-two/exercises/alpha/check.ts',
    ]);
    expect(exerciseFolders(root)).toEqual([
      {
        id: 'alpha',
        lesson: 'two',
        folder: 'lessons/02-two/exercises/alpha',
        dir: join(root, 'lessons/02-two/exercises/alpha'),
      },
      {
        id: 'zeta',
        lesson: 'one',
        folder: 'lessons/01-one/exercises/zeta',
        dir: join(root, 'lessons/01-one/exercises/zeta'),
      },
    ]);
    expect(checkFolders(root).map((f) => f.id)).toEqual(['alpha']);
  });

  it('refuses one id in two lessons, naming both folders', () => {
    const root = tree([
      'lessons/01-one/lesson.mdx',
      'lessons/01-one/exercises/same/exercise.json',
      'lessons/02-two/lesson.mdx',
      'lessons/02-two/exercises/same/exercise.json',
    ]);
    expect(() => exerciseFolders(root)).toThrow(
      "lessons/02-two/exercises/same: the id same is lessons/01-one/exercises/same's already",
    );
  });

  it('refuses a folder whose name is no exercise id, naming it', () => {
    const root = tree([
      'lessons/01-one/lesson.mdx',
      'lessons/01-one/exercises/Bad_Name/exercise.json',
    ]);
    expect(() => exerciseFolders(root)).toThrow(
      'lessons/01-one/exercises/Bad_Name: an exercise folder is named by its id, kebab-case',
    );
  });
});

describe('exerciseFoldersAt', () => {
  it("reads a bundle's shelf, which has no lessons, as <root>/<id>/", () => {
    const root = tree(['b/exercise.json', 'a/exercise.json', 'c/starter/client.ts']);
    expect(exerciseFoldersAt(root)).toEqual([
      { id: 'a', folder: 'a', dir: join(root, 'a') },
      { id: 'b', folder: 'b', dir: join(root, 'b') },
    ]);
  });

  it('reads a checkout through its lessons', () => {
    const root = tree(['lessons/01-one/lesson.mdx', 'lessons/01-one/exercises/x/exercise.json']);
    expect(exerciseFoldersAt(root).map((f) => f.folder)).toEqual(['lessons/01-one/exercises/x']);
  });
});

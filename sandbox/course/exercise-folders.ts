// An exercise is a folder inside its lesson's, lessons/<NN>-<slug>/exercises/<id>/, holding
// exercise.json: the lesson it sits in is its lesson and the folder's name is its id (its URL,
// /exercises/<id>/). The folders are the list of exercises, so adding a lesson with an
// exercise adds one folder and edits no list: the site, the CLIs, the harness, the bundler,
// the scaffolder and the tests all find exercises here.
//
// A bundle (the container, a take-home folder) carries its exercises without their lessons,
// as a shelf: <root>/<id>/exercise.json. exerciseFoldersAt tells the two apart by whether
// root has a lessons/ folder, so the harness reads either the same way.
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { EXERCISE_ID_RULE, isExerciseId } from '../exercises/ids.ts';
import { LESSONS_DIR, lessonFoldersIn } from './lesson-folders.ts';

/** A lesson's own folder of exercises: lessons/<NN>-<slug>/exercises/. */
export const EXERCISES_DIR = 'exercises';
export const EXERCISE_FILE = 'exercise.json';
export const CHECKS_FILE = 'check.ts';
/** An exercise's fixtures folder, one submission per subfolder, beside its fixtures.test.ts. */
export const FIXTURES_DIR = 'fixtures';

export interface ExerciseFolder {
  /** The folder's name: the exercise's id and URL. */
  id: string;
  /** The slug of the lesson whose folder holds it; a shelf has no lessons. */
  lesson?: string;
  /** Root-relative folder, e.g. lessons/12-sampling/exercises/ask-the-model. */
  folder: string;
  /** The same folder as a full path. */
  dir: string;
}

/**
 * Every exercise folder (one holding exercise.json) in root's lessons, in id order. A folder
 * named against the id rule, or one id in two lessons, is the author's mistake and throws
 * naming the folders.
 */
export function exerciseFolders(root: string = process.cwd()): ExerciseFolder[] {
  return exerciseFoldersIn(join(root, LESSONS_DIR));
}

/** The same for a lessons folder given itself (a copy, in the scaffolder's tests). */
export function exerciseFoldersIn(lessonsDir: string): ExerciseFolder[] {
  return foldersHolding(lessonsDir, EXERCISE_FILE);
}

/** The folders in root's lessons that hold checks (a check.ts), in id order. */
export function checkFolders(root: string = process.cwd()): ExerciseFolder[] {
  return foldersHolding(join(root, LESSONS_DIR), CHECKS_FILE);
}

/** The folder of the exercise with this id in root's lessons, or undefined. */
export function exerciseFolderOf(id: string, root?: string): ExerciseFolder | undefined {
  return exerciseFolders(root).find((exercise) => exercise.id === id);
}

/** Whether root is a checkout of the course (its exercises in its lessons), not a shelf. */
export function isCheckout(root: string): boolean {
  return existsSync(join(root, LESSONS_DIR));
}

/** Root's exercises: its lessons' when it is a checkout, else the shelf it is (a bundle's). */
export function exerciseFoldersAt(root: string): ExerciseFolder[] {
  if (isCheckout(root)) return exerciseFolders(root);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, EXERCISE_FILE)))
    .map((entry) => ({ id: entry.name, folder: entry.name, dir: join(root, entry.name) }))
    .sort(byId);
}

const byId = (a: ExerciseFolder, b: ExerciseFolder) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function foldersHolding(lessonsDir: string, file: string): ExerciseFolder[] {
  const found: ExerciseFolder[] = [];
  const problems: string[] = [];
  for (const lesson of lessonFoldersIn(lessonsDir)) {
    const shelf = join(lessonsDir, basename(lesson.folder), EXERCISES_DIR);
    if (!existsSync(shelf)) continue;
    for (const entry of readdirSync(shelf, { withFileTypes: true })) {
      if (!entry.isDirectory() || !existsSync(join(shelf, entry.name, file))) continue;
      const folder = `${lesson.folder}/${EXERCISES_DIR}/${entry.name}`;
      if (!isExerciseId(entry.name)) {
        problems.push(`${folder}: an exercise folder is named by its id, ${EXERCISE_ID_RULE}`);
        continue;
      }
      const other = found.find((exercise) => exercise.id === entry.name);
      if (other) {
        problems.push(
          `${folder}: the id ${entry.name} is ${other.folder}'s already; exercise URLs must differ, so rename one of them`,
        );
        continue;
      }
      found.push({ id: entry.name, lesson: lesson.slug, folder, dir: join(shelf, entry.name) });
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return found.sort(byId);
}

// A lesson is a folder, lessons/<NN>-<slug>/, holding lesson.mdx: the folder's number is the
// lesson's place in the course and the rest is its slug (its URL, /lessons/<slug>/). The
// folders are the list of lessons, so nothing else keeps one: the site, the scaffolder, the
// glossary's checks and the tests all read the course from here.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LESSONS_DIR = 'lessons';
export const LESSON_FILE = 'lesson.mdx';

export interface LessonFolder {
  /** The lesson's place in the course, from the folder's number. */
  order: number;
  /** The folder's name without its number: the lesson's id and URL. */
  slug: string;
  /** Repo-relative folder, e.g. lessons/12-sampling. */
  folder: string;
  /** Repo-relative MDX file, e.g. lessons/12-sampling/lesson.mdx. */
  file: string;
}

const FOLDER_NAME = /^(\d{2,})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** "12-sampling" for lesson 12, sampling. */
export function lessonFolderName(order: number, slug: string): string {
  return `${String(order).padStart(2, '0')}-${slug}`;
}

/** The order and slug a folder name stands for, or undefined for a name that is no lesson's. */
export function parseLessonFolder(name: string): { order: number; slug: string } | undefined {
  const match = FOLDER_NAME.exec(name);
  if (!match) return undefined;
  const order = Number(match[1]);
  return order > 0 ? { order, slug: match[2]! } : undefined;
}

/**
 * Every lesson folder under root's lessons/, in course order. A folder with lesson.mdx whose
 * name breaks the pattern, or two folders with one number or one slug, is the author's mistake
 * and throws naming the folders.
 */
export function lessonFolders(root: string = process.cwd()): LessonFolder[] {
  return lessonFoldersIn(join(root, LESSONS_DIR));
}

/** The same for a lessons folder given itself (a copy, in the scaffolder's tests). */
export function lessonFoldersIn(dir: string): LessonFolder[] {
  if (!existsSync(dir)) return [];
  const found: LessonFolder[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!existsSync(join(dir, name, LESSON_FILE))) continue;
    const parsed = parseLessonFolder(name);
    const folder = `${LESSONS_DIR}/${name}`;
    if (!parsed) {
      problems.push(
        `${folder}: a lesson folder is named <number>-<slug>, e.g. 12-sampling (the number is its place in the course)`,
      );
      continue;
    }
    for (const other of found) {
      if (other.order === parsed.order) {
        problems.push(
          `${folder}: lesson ${parsed.order} is ${other.folder} already; give one of them another number`,
        );
      }
      if (other.slug === parsed.slug) {
        problems.push(
          `${folder}: the slug ${parsed.slug} is ${other.folder}'s already; lesson URLs must differ`,
        );
      }
    }
    found.push({ ...parsed, folder, file: `${folder}/${LESSON_FILE}` });
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return found.sort((a, b) => a.order - b.order);
}

/** The folder of the lesson with this slug, or undefined. */
export function lessonFolderOf(slug: string, root?: string): LessonFolder | undefined {
  return lessonFolders(root).find((lesson) => lesson.slug === slug);
}

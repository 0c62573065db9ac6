// Which file an author has to open to fix a teaching component. A component rendered from an
// MDX lesson only knows the page it lands on, so the file is found from the lesson route
// (/lessons/<slug>/ is lessons/<NN>-<slug>/lesson.mdx, see sandbox/course/lesson-folders.ts);
// any other page is named by its path, which still points the author at the right place.
import { lessonFolderOf } from '../../sandbox/course/lesson-folders.ts';

/** "lessons/02-the-wire/lesson.mdx" for a lesson page, else "the page /glossary/". */
export function authorFile(pathname: string): string {
  const lesson = /^\/lessons\/([^/]+)\/?$/.exec(pathname);
  if (!lesson) return `the page ${pathname}`;
  return lessonFolderOf(lesson[1]!)?.file ?? `the page ${pathname}`;
}

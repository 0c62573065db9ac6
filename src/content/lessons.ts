// The published lessons in course order, and the outline merged with them. The order is the
// lesson folder's number (sandbox/course/lesson-folders.ts), read from the folder Astro loaded.
import { getCollection, type CollectionEntry } from 'astro:content';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';
import { assertCourseLinks } from './course-links.ts';
import { planned, type OutlineEntry } from './outline.ts';

export type Lesson = CollectionEntry<'lessons'>;

/** The lesson's place in the course, from its folder's number. */
export function lessonOrder(lesson: Lesson): number {
  const folder = lessonFolders().find((f) => f.slug === lesson.id);
  if (!folder) throw new Error(`lessons/: no lesson folder for ${lesson.id}`);
  return folder.order;
}

export async function publishedLessons(): Promise<Lesson[]> {
  assertCourseLinks();
  const all = await getCollection('lessons', (l) => !(import.meta.env.PROD && l.data.draft));
  return all.sort((a, b) => lessonOrder(a) - lessonOrder(b));
}

export interface OutlineItem extends OutlineEntry {
  lesson?: Lesson;
  href?: string;
}

/** Every written lesson, then every planned one whose place no written lesson has taken. */
export async function courseOutline(): Promise<OutlineItem[]> {
  const lessons = await publishedLessons();
  const written: OutlineItem[] = lessons.map((lesson) => ({
    order: lessonOrder(lesson),
    title: lesson.data.title,
    about: lesson.data.summary,
    lesson,
    href: lessonHref(lesson),
  }));
  const coming = planned.filter((entry) => !written.some((item) => item.order === entry.order));
  return [...written, ...coming].sort((a, b) => a.order - b.order);
}

export function lessonHref(lesson: Lesson): string {
  return `/lessons/${lesson.id}/`;
}

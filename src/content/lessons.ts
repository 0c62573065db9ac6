// The published lessons in course order, and the outline merged with them.
import { getCollection, type CollectionEntry } from 'astro:content';
import { assertCourseLinks } from './course-links.ts';
import { outline, type OutlineEntry } from './outline.ts';

export type Lesson = CollectionEntry<'lessons'>;

export async function publishedLessons(): Promise<Lesson[]> {
  // Drafts too: an exercise may belong to a lesson that is not published yet.
  assertCourseLinks(await getCollection('lessons'));
  const all = await getCollection('lessons', (l) => !(import.meta.env.PROD && l.data.draft));
  const byOrder = new Map<number, Lesson>();
  for (const lesson of all) {
    const clash = byOrder.get(lesson.data.order);
    if (clash) {
      throw new Error(
        `lessons/${lesson.id}.mdx: order ${lesson.data.order} is already used by lessons/${clash.id}.mdx`,
      );
    }
    byOrder.set(lesson.data.order, lesson);
  }
  return [...byOrder.values()].sort((a, b) => a.data.order - b.data.order);
}

export interface OutlineItem extends OutlineEntry {
  lesson?: Lesson;
  href?: string;
}

export async function courseOutline(): Promise<OutlineItem[]> {
  const lessons = await publishedLessons();
  const items: OutlineItem[] = outline.map((entry) => {
    const lesson = lessons.find((l) => l.data.order === entry.order);
    return lesson ? { ...entry, lesson, href: lessonHref(lesson) } : entry;
  });
  // A written lesson outside the plan still shows up rather than vanishing.
  for (const lesson of lessons) {
    if (!outline.some((e) => e.order === lesson.data.order)) {
      items.push({
        order: lesson.data.order,
        title: lesson.data.title,
        about: lesson.data.summary,
        lesson,
        href: lessonHref(lesson),
      });
    }
  }
  return items.sort((a, b) => a.order - b.order);
}

export function lessonHref(lesson: Lesson): string {
  return `/lessons/${lesson.id}/`;
}

import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { lessonSchema } from './content/lesson-schema.ts';
import { LESSON_FILE, parseLessonFolder } from '../sandbox/course/lesson-folders.ts';

// A lesson is a folder at the top level (lessons/<NN>-<slug>/lesson.mdx), not under src/: its
// id is the slug, its place in the course the number (src/content/lessons.ts).
const lessons = defineCollection({
  loader: glob({
    pattern: `*/${LESSON_FILE}`,
    base: './lessons',
    generateId: ({ entry }) => {
      const folder = entry.split('/')[0]!;
      return parseLessonFolder(folder)?.slug ?? folder;
    },
  }),
  schema: lessonSchema,
});

export const collections = { lessons };

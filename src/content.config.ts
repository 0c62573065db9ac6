import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { lessonSchema } from './content/lesson-schema.ts';

// Lessons live at the top level (lessons/*.mdx) next to their captures, not under src/.
const lessons = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './lessons' }),
  schema: lessonSchema,
});

export const collections = { lessons };

// The shape of a glossary entry, and the lookup lessons use through <Term>. An id that is not
// in the glossary must stop the build, naming the lesson file and the id, as dangling exercise
// ids do (src/content/course-links.ts): a term link to nowhere would otherwise reach learners.
import { z } from 'zod';
import { InputError, parseWithFriendlyErrors } from '../../sandbox/input/friendly-errors.ts';

/** Glossary ids are anchors on /glossary/ and props in MDX: kebab-case, like exercise ids. */
const termId = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export const glossaryEntrySchema = z.strictObject({
  id: z.string().regex(termId, { error: 'id must be kebab-case, e.g. tool-error' }),
  term: z.string().trim().min(1, { error: 'term must be the word as readers see it' }),
  definition: z
    .string()
    .trim()
    .min(20, { error: 'definition must be a sentence or more, written for this course' }),
  /** Where the definition comes from; absent for the course's own words (frame). */
  source: z
    .strictObject({ title: z.string().trim().min(1), href: z.url({ protocol: /^https$/ }) })
    .optional(),
});

export const glossarySchema = z
  .array(glossaryEntrySchema)
  .min(1)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: `"${entry.id}" is defined twice; a term is defined once`,
        });
      }
      seen.add(entry.id);
    });
  });

export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

/** The entries, checked; a mistake throws an InputError naming the file and the entry. */
export function parseGlossary(input: unknown, file: string): GlossaryEntry[] {
  return parseWithFriendlyErrors(glossarySchema, input, { file });
}

/** The entry with this id, or an InputError naming the file that asked and every known id. */
export function lookupTerm(
  entries: readonly GlossaryEntry[],
  id: string,
  file: string,
): GlossaryEntry {
  const entry = entries.find((e) => e.id === id);
  if (entry) return entry;
  const known = entries.map((e) => e.id).sort();
  throw new InputError([
    `${file}: Term: there is no glossary term "${id}" in components/teaching/glossary.ts (known: ${known.join(', ')})`,
  ]);
}

/** The glossary page's anchor for a term. */
export const termHref = (id: string) => `/glossary/#${id}`;

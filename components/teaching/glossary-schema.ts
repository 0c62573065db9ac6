// The shape of a glossary entry, and the lookup lessons use through <Term>. An id that is not
// in the glossary must stop the build, naming the lesson file and the id, as dangling exercise
// ids do (src/content/course-links.ts): a term link to nowhere would otherwise reach learners.
import { z } from 'zod';
import { InputError, parseWithFriendlyErrors } from '../../sandbox/input/friendly-errors.ts';
import { specSection, type SpecSections } from './spec-sections.ts';

/** Glossary ids are anchors on /glossary/ and props in MDX: kebab-case, like exercise ids. */
const termId = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The revision the course teaches: a bare `cites` names one of its sections. */
const TAUGHT = '2025-11-25';

const source = z.strictObject({
  title: z.string().trim().min(1),
  href: z.url({ protocol: /^https$/ }),
});

const cites = z.union(
  [
    z.string().trim().min(1),
    z.strictObject({ section: z.string().trim().min(1), revision: z.string() }),
  ],
  {
    error: 'cites must be a section name from lessons/spec-sections.json, or { section, revision }',
  },
);

const entryInput = z.strictObject({
  id: z.string().regex(termId, { error: 'id must be kebab-case, e.g. tool-error' }),
  term: z.string().trim().min(1, { error: 'term must be the word as readers see it' }),
  definition: z
    .string()
    .trim()
    .min(20, { error: 'definition must be a sentence or more, written for this course' }),
  /** The spec section the definition comes from, by its name in spec-sections.json. */
  cites: cites.optional(),
  /** Where a definition that is not the MCP spec's comes from; neither: the course's words. */
  source: source.optional(),
});

/** One entry with its citation resolved to the title and address readers follow. */
function entrySchema(sections: SpecSections) {
  return entryInput
    .refine((e) => !(e.cites && e.source), {
      error: 'give cites (a spec section) or source (anything else), not both',
      path: ['cites'],
    })
    .transform((e, ctx) => {
      const { cites: cited, ...entry } = e;
      if (cited === undefined) return entry;
      const { section, revision } =
        typeof cited === 'string' ? { section: cited, revision: TAUGHT } : cited;
      const found = specSection(sections, revision, section);
      if (!found) {
        ctx.addIssue({
          code: 'custom',
          path: ['cites'],
          message: `"${section}" is not a ${revision} section of lessons/spec-sections.json`,
        });
        return z.NEVER;
      }
      return { ...entry, source: found };
    });
}

export function glossarySchema(sections: SpecSections) {
  return z
    .array(entrySchema(sections))
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
}

export type GlossaryEntry = z.infer<ReturnType<typeof entrySchema>>;

/** The entries, checked; a mistake throws an InputError naming the file and the entry. */
export function parseGlossary(
  input: unknown,
  file: string,
  sections: SpecSections,
): GlossaryEntry[] {
  return parseWithFriendlyErrors(glossarySchema(sections), input, { file });
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

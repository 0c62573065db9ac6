// The changes of a protocol revision and where the course teaches each one, from
// lessons/revision-<revision>.json. People edit that file by hand, so it is read through zod
// with errors that name the file and the field; the build stops on a mistake.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError, parseWithFriendlyErrors } from '../../sandbox/input/friendly-errors.ts';
import { frameAnchor } from '../frames/view.ts';
import { specSection, type SpecSections } from './spec-sections.ts';

const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, { error: `${what} must not be empty` });

const place = z
  .strictObject({
    /** A lesson's slug: lessons/<lesson>.mdx. */
    lesson: text('lesson'),
    /** A capture the lesson shows, and one of its frames that the lesson puts on the page. */
    capture: text('capture').optional(),
    seq: z
      .number({ error: 'seq must be a frame number such as 3' })
      .int({ error: 'seq must be a whole number' })
      .nonnegative({ error: 'seq must be 0 or more' })
      .optional(),
    /** Or a section of lessons/spec-sections.json that the lesson links. */
    section: text('section').optional(),
  })
  .refine((p) => (p.capture !== undefined) === (p.seq !== undefined), {
    error: 'a frame needs both capture and seq',
  })
  .refine((p) => (p.capture !== undefined) !== (p.section !== undefined), {
    error: 'names either a frame (capture and seq) or a section, not both and not neither',
  });

const item = z
  .strictObject({
    /** Where the item sits on the Key Changes page, e.g. "Major 4", "Deprecated 2". */
    ref: text('ref'),
    kind: z.enum(['removed', 'added', 'changed', 'deprecated', 'process'], {
      error: 'kind must be removed, added, changed, deprecated or process',
    }),
    /** The change in a line; `code` spans are rendered as code. */
    change: text('change'),
    taught: z.array(place, { error: 'taught must be a list of places' }).min(1).optional(),
    notCovered: text('notCovered').optional(),
  })
  .refine((i) => (i.taught === undefined) !== (i.notCovered === undefined), {
    error:
      'needs taught (where a lesson shows it: a frame or a spec section) or notCovered (why the course leaves it out), and not both',
  });

const file = z.strictObject({
  $comment: z.string().optional(),
  revision: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'revision must read like 2026-07-28' }),
  items: z.array(item, { error: 'items must be a list' }).min(1),
});

export type RevisionChanges = z.infer<typeof file>;
export type ChangeItem = z.infer<typeof item>;
export type Place = z.infer<typeof place>;

/** The parsed file, or an InputError with one line per problem ("<file>: items.3.kind: …"). */
export function parseRevisionChanges(input: unknown, name: string): RevisionChanges {
  return parseWithFriendlyErrors(file, input, { file: name });
}

export function revisionChangesFile(revision: string): string {
  return join('lessons', `revision-${revision}.json`);
}

export function loadRevisionChanges(revision: string, root = process.cwd()): RevisionChanges {
  const name = revisionChangesFile(revision);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(root, name), 'utf8'));
  } catch (error) {
    throw new InputError([`${name}: ${(error as Error).message}`]);
  }
  const parsed = parseRevisionChanges(raw, name);
  if (parsed.revision !== revision) {
    throw new InputError([`${name}: revision: says ${parsed.revision}, expected ${revision}`]);
  }
  return parsed;
}

export function loadSpecSections(root = process.cwd()): SpecSections {
  return JSON.parse(readFileSync(join(root, 'lessons', 'spec-sections.json'), 'utf8'));
}

/** The spec address of a section by the name spec-sections.json gives it, or undefined. */
export function sectionUrl(sections: SpecSections, revision: string, name: string) {
  return specSection(sections, revision, name)?.href;
}

/** Where a frame place links: its anchor on this page, or on another lesson's page. */
export function frameHref(p: Place, currentLesson: string): string {
  const anchor = frameAnchor(p.capture!, p.seq!);
  return p.lesson === currentLesson ? `#${anchor}` : `/lessons/${p.lesson}/#${anchor}`;
}

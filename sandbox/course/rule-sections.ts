// Which lesson section teaches each of the explainer's rules. The engine names no lesson, so
// the lessons say it: a lesson folder may hold explain-rules.json, `{ "<rule id>": "<anchor>" }`,
// the rules it teaches and the heading (its anchor on the page) that teaches each. Adding a
// lesson that teaches a rule touches no engine file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError, parseWithFriendlyErrors } from '../input/friendly-errors.ts';
import { lessonFolders } from './lesson-folders.ts';

export const RULE_SECTIONS_FILE = 'explain-rules.json';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const RuleSectionsFile = z
  .record(
    z.string(),
    z
      .string({ error: "the heading's anchor, e.g. three-shapes-and-nothing-else" })
      .regex(/^[a-z0-9_-]+$/, {
        error: 'an anchor as the page has it: lower-case words and digits joined by "-"',
      }),
  )
  .superRefine((rules, ctx) => {
    for (const rule of Object.keys(rules)) {
      if (!KEBAB.test(rule)) {
        ctx.addIssue({
          code: 'custom',
          path: [rule],
          message: 'a rule id is kebab-case, e.g. notification-id',
        });
      }
    }
  });

/** Rule id → `/lessons/<slug>/#<anchor>`, from every lesson's explain-rules.json. */
export function ruleSections(root: string = process.cwd()): Map<string, string> {
  const sections = new Map<string, string>();
  const claimed = new Map<string, string>();
  for (const lesson of lessonFolders(root)) {
    const file = `${lesson.folder}/${RULE_SECTIONS_FILE}`;
    if (!existsSync(join(root, file))) continue;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(root, file), 'utf8'));
    } catch (error) {
      throw new InputError([`${file}: not JSON (${(error as Error).message})`]);
    }
    const rules = parseWithFriendlyErrors(RuleSectionsFile, json, {
      file,
      topLevel: 'an object of rule ids and anchors',
    });
    for (const [rule, anchor] of Object.entries(rules)) {
      const other = claimed.get(rule);
      if (other) {
        throw new InputError([
          `${file}: ${rule}: ${other} already teaches this rule; one lesson does`,
        ]);
      }
      claimed.set(rule, file);
      sections.set(rule, `/lessons/${lesson.slug}/#${anchor}`);
    }
  }
  return sections;
}

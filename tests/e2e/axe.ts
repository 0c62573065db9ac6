// axe-core on a whole page of the static site. Lesson and glossary pages have no frames, so axe
// runs inside the page itself (the builder's legacy mode) and reports violations only: the
// default cross-frame run took three to four times as long on a lesson with every fold open,
// serialising passes no test reads. A page that does have a frame is refused rather than
// audited with the frame left out.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * The rules whose outcome a theme can change: axe's colour category (cat.color) as its default
 * run has it. color-contrast-enhanced, the AAA one, is off by default, so the full pass does
 * not run it either; selecting the category by tag would switch it on.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Every rule axe runs by default, or only the colour rules. */
export type AxeRules = 'every rule' | 'colour rules';

/**
 * The two themes and what each is audited for. The themes differ in colours alone (every
 * colour is one light-dark() pair in global.css, and tests/site/theme-colours-only.test.ts
 * holds the stylesheets to it), so names, roles, structure and focus are the same in both and
 * need one full pass; contrast is checked in each.
 */
export const THEME_PASSES = [
  { colorScheme: 'light', rules: 'every rule' },
  { colorScheme: 'dark', rules: 'colour rules' },
] as const satisfies readonly { colorScheme: 'light' | 'dark'; rules: AxeRules }[];

export async function pageViolations(
  page: Page,
  rules: AxeRules = 'every rule',
): Promise<Violation[]> {
  const frames = page.frames().length - 1;
  if (frames > 0) throw new Error(`${page.url()} has ${frames} frame(s): audit it with AxeBuilder`);
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (rules === 'colour rules') builder.withRules(COLOUR_RULES);
  return (await builder.analyze()).violations;
}

// axe-core on a whole page of the static site. Lesson and glossary pages have no frames, so axe
// runs inside the page itself (the builder's legacy mode) and reports violations only: the
// default cross-frame run took three to four times as long on a lesson with every fold open,
// serialising passes no test reads. A page that does have a frame is refused rather than
// audited with the frame left out.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export async function pageViolations(page: Page): Promise<Violation[]> {
  const frames = page.frames().length - 1;
  if (frames > 0) throw new Error(`${page.url()} has ${frames} frame(s): audit it with AxeBuilder`);
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations;
}

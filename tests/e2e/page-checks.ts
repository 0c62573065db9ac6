// The standards every page of the site is held to, as one call for a page already open at
// phone width: no sideways scrolling, and no axe violations in the light or the dark theme
// (the page is left in dark).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageViolations } from './axe.ts';

export async function expectFitsAndPassesAxe(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'sideways scrolling').toBeLessThanOrEqual(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await pageViolations(page), colorScheme).toEqual([]);
  }
}

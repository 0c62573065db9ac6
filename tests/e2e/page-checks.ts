// The standards every page of the site is held to, as one call for a page already open at
// phone width: no sideways scrolling, and no axe violations in the light theme nor colour
// violations in the dark one (THEME_PASSES; the page is left in dark).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pageViolations, THEME_PASSES } from './axe.ts';

export async function expectFitsAndPassesAxe(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'sideways scrolling').toBeLessThanOrEqual(0);
  for (const { colorScheme, rules } of THEME_PASSES) {
    await page.emulateMedia({ colorScheme });
    expect(await pageViolations(page, rules), `${colorScheme}, ${rules}`).toEqual([]);
  }
}

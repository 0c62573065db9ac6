// vitest globalSetup of the browser tests: the unit suite's preconditions and Chromium.
import { CHROMIUM } from '../e2e/browser.ts';
import { NODE22 } from '../runtime/node22.ts';
import { failOnMissing } from './preconditions.ts';

export default function setup(): void {
  failOnMissing({
    nodeVersion: process.versions.node,
    node22: NODE22,
    chromium: CHROMIUM,
  });
}

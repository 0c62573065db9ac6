// Launches Debian's Chromium for the end-to-end tests. As root it needs --no-sandbox, and
// the background-networking flags keep it from dialling hosts this closed network refuses.
import { chromium, type Browser } from 'playwright-core';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  // Playwright gives every launch a new empty profile directory of its own.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Where e2e tests save the screenshots a person reads. */
export const SCREENSHOTS = join(process.cwd(), 'screenshots');

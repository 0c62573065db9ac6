// Setup shared by the browser tests of the static site: build if needed, serve a copy of
// dist/ on loopback, launch Chromium, and take both down after the file's tests.
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, SCREENSHOTS } from './browser.ts';
import { ensureBuilt, serveDist, type Served } from '../site/serve-dist.ts';

export interface BuiltSite {
  browser: Browser;
  site: Served;
}

/** Registers the hooks; the returned object is filled in before the first test runs. */
export function useBuiltSite(): BuiltSite {
  const env = {} as BuiltSite;
  beforeAll(async () => {
    await ensureBuilt();
    env.site = await serveDist();
    env.browser = await launchChromium();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

// The MCP SDK version the captures were made with, read at build time so a lesson never
// types it. The installed SDK must be the exact version package.json pins; otherwise the
// page would name one version while `capture --check` runs another, so the build stops.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SDK_PACKAGE = '@modelcontextprotocol/sdk';
/** The v2 server package lesson 11's Paper Trail v2 is built on (its client is pinned alike). */
export const SDK_V2_PACKAGE = '@modelcontextprotocol/server';

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Installed SDK version, checked against the exact pin in package.json. */
export function sdkVersion(root = process.cwd(), pkg = SDK_PACKAGE): string {
  const manifest = readJson(join(root, 'package.json'));
  const pinned = (manifest.dependencies as Record<string, string> | undefined)?.[pkg];
  const installed = readJson(join(root, 'node_modules', pkg, 'package.json')).version;
  if (typeof installed !== 'string') {
    throw new Error(`${pkg}: node_modules has no version; run npm ci`);
  }
  if (pinned !== installed) {
    throw new Error(
      `${pkg}: package.json pins ${JSON.stringify(pinned)} but ${installed} is installed; ` +
        'pin an exact version, run npm ci, then npm run capture -- --check',
    );
  }
  return installed;
}

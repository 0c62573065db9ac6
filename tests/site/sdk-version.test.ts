// The lesson names the SDK version from package.json and node_modules, never by hand.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SDK_PACKAGE, sdkVersion } from '../../components/sdk-version.ts';

const installed = JSON.parse(
  readFileSync(join('node_modules', SDK_PACKAGE, 'package.json'), 'utf8'),
) as { version: string };

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function project(pin: string, version: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sdk-version-'));
  dirs.push(dir);
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ dependencies: { [SDK_PACKAGE]: pin } }),
  );
  await mkdir(join(dir, 'node_modules', SDK_PACKAGE), { recursive: true });
  await writeFile(
    join(dir, 'node_modules', SDK_PACKAGE, 'package.json'),
    JSON.stringify({ version }),
  );
  return dir;
}

describe('sdkVersion', () => {
  it('reads the installed SDK of this repository, which matches the exact pin', () => {
    expect(sdkVersion()).toBe(installed.version);
    expect(sdkVersion()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('stops the build when the pin is a range or differs from what is installed', async () => {
    const root = await project('^1.32.0', '1.32.2');
    expect(() => sdkVersion(root)).toThrow(/pins "\^1.32.0" but 1.32.2 is installed/);
    const other = await project('1.33.0', '1.32.2');
    expect(() => sdkVersion(other)).toThrow(/npm run capture -- --check/);
  });
});

// takeHomeFiles over the real take-home parts: what "Download this exercise" puts in the zip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotEditableError } from '../../sandbox/exercises/editable.ts';
import type { TakeHomeParts } from '../../sandbox/runtime/shared/take-home-parts.ts';
import { takeHomeFiles } from '../../components/workbench/take-home-files.ts';
import { buildParts } from './take-home-fixture.ts';

let parts: TakeHomeParts;
let cleanup = () => {};
beforeAll(async () => ({ parts, cleanup } = await buildParts()));
afterAll(() => cleanup());

describe('takeHomeFiles', () => {
  it("puts the learner's current file at the top, not the starter", () => {
    const mine = 'console.log("my own edit");\n';
    const files = takeHomeFiles(parts, 'raw-client', { 'client.ts': mine });
    expect(files['client.ts']).toBe(mine);
    // The starter stays where the harness reads it, as in the container.
    expect(files['exercises/raw-client/starter/client.ts']).not.toBe(mine);
    expect(files['exercises/raw-client/starter/client.ts']).toBeTruthy();
  });

  it('holds the harness, the bundled packages, exercise.json and its marker', () => {
    const files = takeHomeFiles(parts, 'stdout-is-the-wire', {});
    expect(files['harness.mjs'].length).toBeGreaterThan(100_000);
    expect(files['node_modules/@modelcontextprotocol/sdk/server/mcp.js']).toBeTruthy();
    expect(files['node_modules/zod/index.js']).toBeTruthy();
    expect(JSON.parse(files['package.json'])).toMatchObject({ type: 'module' });
    expect(JSON.parse(files['exercises/stdout-is-the-wire/exercise.json'])).toMatchObject({
      title: 'stdout is the wire',
    });
    expect(JSON.parse(files['take-home.json'])).toEqual({ exercise: 'stdout-is-the-wire' });
    // Only this exercise: the folder runs one.
    expect(Object.keys(files).some((f) => f.startsWith('exercises/raw-client/'))).toBe(false);
    // Nothing of the container's own layout leaks in.
    expect(Object.keys(files).some((f) => f.startsWith('runtime/'))).toBe(false);
  });

  it('puts reference files at the top to read, and the starter where the learner has none', () => {
    const files = takeHomeFiles(parts, 'two-kinds-of-failure', {});
    for (const f of ['drive.ts', 'cases.ts', 'outcome.ts']) {
      expect(files[f]).toBe(files[`exercises/two-kinds-of-failure/starter/${f}`]);
    }
  });

  it('writes a README that says how to run it, which file to edit and where the page is', () => {
    const readme = takeHomeFiles(
      parts,
      'two-kinds-of-failure',
      {},
      {
        pageUrl: 'https://example.test/exercises/two-kinds-of-failure/',
      },
    )['README.md'];
    expect(readme).toContain('node harness.mjs run');
    expect(readme).toContain('node harness.mjs check');
    expect(readme).toContain('22.18');
    expect(readme).toContain('--experimental-strip-types');
    expect(readme).toMatch(/Edit `outcome\.ts`/);
    expect(readme).toContain('`drive.ts`, `cases.ts`');
    expect(readme).toContain('https://example.test/exercises/two-kinds-of-failure/');
  });

  it('refuses learner paths that are not editable, and unknown exercises', () => {
    expect(() => takeHomeFiles(parts, 'two-kinds-of-failure', { 'drive.ts': 'x' })).toThrow(
      NotEditableError,
    );
    expect(() => takeHomeFiles(parts, 'raw-client', { '../harness.mjs': 'x' })).toThrow(
      NotEditableError,
    );
    expect(() => takeHomeFiles(parts, 'raw-client', { 'harness.mjs': 'x' })).toThrow(
      NotEditableError,
    );
    expect(() => takeHomeFiles(parts, 'no-such-exercise', {})).toThrow(/no-such-exercise/);
    expect(() => takeHomeFiles(parts, 'toString', {})).toThrow(/toString/);
  });
});

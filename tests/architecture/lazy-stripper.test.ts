// The TypeScript stripper costs the page nothing until a container needs it: bundled as the
// site bundles it (code splitting at dynamic imports), the workbench's own JavaScript holds
// no part of it or of sucrase, and the stripper is a chunk of its own that the runtime
// choice imports dynamically.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));

it('keeps the stripper and sucrase out of the workbench chunk, in a chunk of their own', async () => {
  const outdir = mkdtempSync(join(tmpdir(), 'mcpw-lazy-'));
  try {
    const result = await build({
      entryPoints: [join(repo, 'components/workbench/workbench.ts')],
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir,
      write: false,
      metafile: true,
      loader: { '.css': 'empty' },
      logLevel: 'silent',
    });
    const outputs = Object.values(result.metafile.outputs);
    const inputsOf = (o: (typeof outputs)[number]) => Object.keys(o.inputs);
    const isStripper = (input: string) =>
      input.includes('node_modules/sucrase/') || input.endsWith('sandbox/strip/strip-types.ts');
    const entry = outputs.find((o) => o.entryPoint?.endsWith('components/workbench/workbench.ts'));
    expect(entry).toBeDefined();
    expect(inputsOf(entry!).filter(isStripper)).toEqual([]);
    const chunk = outputs.find((o) => inputsOf(o).some(isStripper));
    expect(inputsOf(chunk!)).toContain('sandbox/strip/strip-types.ts');
    expect(entry!.imports).toContainEqual(expect.objectContaining({ kind: 'dynamic-import' }));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

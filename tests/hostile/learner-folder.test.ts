// A learner's --dir that cannot be run as it is: a dangling link, no such folder, a file.
// The fault is the learner's folder, so the CLI says which file and why, with exit 2 (a
// usage error), never "harness error: harness error: ENOENT" with the harness's exit 3.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDir } from './cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcpw-learner-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a learner folder the CLI cannot run', () => {
  it('names a link whose target is gone', () => {
    const ws = join(dir, 'dangling');
    mkdirSync(ws);
    symlinkSync(join(dir, 'gone.ts'), join(ws, 'client.ts'));
    const r = checkDir('raw-client', ws);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `--dir ${ws}: client.ts is a link to ${join(dir, 'gone.ts')}, which does not exist`,
    );
    expect(r.err).not.toContain('harness error');
  });

  it('names a folder that does not exist, and a file given as the folder', () => {
    const none = join(dir, 'no-such-folder');
    expect(checkDir('raw-client', none)).toMatchObject({ code: 2 });
    expect(checkDir('raw-client', none).err).toContain(`--dir ${none}: there is no such folder`);
    const file = join(dir, 'client.ts');
    writeFileSync(file, '// the file, not its folder\n');
    const r = checkDir('raw-client', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--dir ${file}: it is a file; give the folder it is in`);
  });
});

// Work folders: one of its own for every run at once, and the same path again for the next
// run, so that Node's compile cache (keyed by path) finds the learner's unchanged files.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimWorkFolder } from '../../sandbox/harness/work-folder.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpw-work-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('claimWorkFolder', () => {
  it('gives runs at the same time folders of their own', () => {
    const claimed = Array.from({ length: 5 }, () => claimWorkFolder(root, 'raw-client'));
    expect(new Set(claimed).size).toBe(5);
    expect(claimed.map((d) => basename(d))).toEqual([1, 2, 3, 4, 5].map((n) => `raw-client-${n}`));
  });

  it('gives the next run the path the last one used, once it is removed', () => {
    const first = claimWorkFolder(root, 'two-kinds');
    const second = claimWorkFolder(root, 'two-kinds');
    rmSync(first, { recursive: true });
    expect(claimWorkFolder(root, 'two-kinds')).toBe(first);
    expect(claimWorkFolder(root, 'two-kinds')).not.toBe(second);
  });

  it('makes a folder only its owner can enter', () => {
    const dir = claimWorkFolder(root, 'raw-client');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('still gives a fresh folder when leftovers hold every number', () => {
    for (let n = 1; n <= 100; n++) mkdirSync(join(root, `raw-client-${n}`));
    const dir = claimWorkFolder(root, 'raw-client');
    expect(basename(dir)).toMatch(/^raw-client-\w{6}$/);
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});

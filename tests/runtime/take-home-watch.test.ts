// `node harness.mjs watch` in an unzipped take-home folder, on Node 22 (the oldest the
// folder's README allows) with nothing but that `node` on PATH: it judges the downloaded
// code, judges again after a save, and Ctrl-C ends it and every process its runs started.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeHomeFiles, takeHomeFolder } from '../../components/workbench/take-home-files.ts';
import { zipTakeHome } from '../../components/workbench/take-home-zip.ts';
import type { TakeHomeParts } from '../../sandbox/runtime/shared/take-home-parts.ts';
import { cmdline, descendantsOf, killAll, running, waitFor, type Proc } from '../hostile/procs.ts';
import { buildParts, REPO, unzipInto } from './take-home-fixture.ts';
import { NODE22 } from './node22.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const ID = 'raw-client';
const FOLDER = exerciseFolderOf(ID, REPO)!.dir;
const SOLUTION = readFileSync(join(FOLDER, 'solution', 'client.ts'), 'utf8');
const STARTER = readFileSync(join(FOLDER, 'starter', 'client.ts'), 'utf8');

let parts: TakeHomeParts;
let cleanupParts = () => {};
const temp = mkdtempSync(join(tmpdir(), 'mcpw-takehome-watch-'));
let seen: Proc[] = [];
beforeAll(async () => ({ parts, cleanup: cleanupParts } = await buildParts()), 120_000);
afterAll(() => {
  killAll(seen);
  cleanupParts();
  rmSync(temp, { recursive: true, force: true });
});

describe('node harness.mjs watch', () => {
  it('checks, checks again after a save, and stops on Ctrl-C with nothing left', async () => {
    const zip = zipTakeHome(takeHomeFiles(parts, ID, { 'client.ts': STARTER }), takeHomeFolder(ID));
    unzipInto(zip, temp);
    const folder = join(temp, takeHomeFolder(ID));
    const bin = join(temp, 'bin');
    mkdirSync(bin);
    symlinkSync(NODE22, join(bin, 'node'));

    const child = spawn('node', ['harness.mjs', 'watch'], {
      cwd: folder,
      env: { PATH: bin, HOME: folder },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    const verdicts = () => out.match(/^\d+ passed, \d+ failed.*$/gm) ?? [];
    const watching = () => out.match(/^Watching client\.ts for saves/gm) ?? [];

    try {
      await waitFor('the first verdict', () => watching().length >= 1, 60_000);
      expect(verdicts()[0]).toMatch(/^\d+ passed, [1-9]\d* failed/);

      writeFileSync(join(folder, 'client.ts'), SOLUTION);
      await waitFor('the verdict after the save', () => watching().length >= 2, 60_000);
      expect(out).toContain('client.ts changed: checking again…');
      expect(verdicts()[1]).toBe('11 passed, 0 failed');

      // Ctrl-C while a run is under way.
      writeFileSync(join(folder, 'client.ts'), SOLUTION + '\n');
      const during = await waitFor(
        'the third run under way',
        () => {
          const all = descendantsOf(child.pid!);
          return all.some((p) => cmdline(p.pid).includes('--paper-trail')) ? all : null;
        },
        20_000,
      );
      seen = during;
      process.kill(-child.pid!, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      expect(child.exitCode ?? child.signalCode, 'watch did not exit').not.toBeNull();
      const left = await waitFor(
        'every process to end',
        () => (seen.filter(running).length === 0 ? [] : null),
        3000,
      ).catch(() => seen.filter(running));
      expect(left.map((p) => `${p.pid} ${p.command}`)).toEqual([]);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }, 180_000);
});

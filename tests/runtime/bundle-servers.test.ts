// The runtime bundle carries what its exercises' peers ask for: a known server with a program
// of its own in the container (Paper Trail v2) is built, and written as its extra file beside
// the manifest, when some exercise's peer names it, and not when none does; only the
// exercises that name it mount that file.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXERCISES_DIR, exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';
import { KNOWN_SERVERS } from '../../sandbox/exercises/servers.ts';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import type { ExtraFiles, RuntimeManifest } from '../../sandbox/runtime/shared/manifest.ts';
import { repo } from './webcontainer-fixture.ts';

const V2 = KNOWN_SERVERS['paper-trail-v2'].ownProgram;
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A course of one lesson holding raw-client, its peer's server set to `server`. */
function courseWith(server: string): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpw-course-'));
  made.push(root);
  const lesson = join(root, 'lessons', '02-the-wire');
  mkdirSync(join(lesson, EXERCISES_DIR), { recursive: true });
  writeFileSync(join(lesson, 'lesson.mdx'), "---\ntitle: 'The wire'\n---\n");
  const dir = join(lesson, EXERCISES_DIR, 'raw-client');
  cpSync(exerciseFolderOf('raw-client', repo)!.dir, dir, { recursive: true });
  const path = join(dir, 'exercise.json');
  const meta = JSON.parse(readFileSync(path, 'utf8')) as { run: { peer: { server: string } } };
  meta.run.peer.server = server;
  writeFileSync(path, JSON.stringify(meta));
  return root;
}

async function bundled(server: string) {
  const out = mkdtempSync(join(tmpdir(), 'mcpw-bundle-'));
  made.push(out);
  const r = await bundleRuntime({ outDir: out, exercisesRoot: courseWith(server) });
  const manifest = JSON.parse(readFileSync(r.manifestPath, 'utf8')) as RuntimeManifest;
  return { out, r, manifest };
}

describe('the runtime bundle and the servers its exercises name', () => {
  it('leaves Paper Trail v2 out when no exercise names it', async () => {
    const { out, r, manifest } = await bundled('paper-trail');
    expect(r.extraFiles).toEqual({});
    expect(existsSync(join(out, V2.extraFiles))).toBe(false);
    expect(manifest.exercises['raw-client'].extraFiles).toBeUndefined();
    expect(Object.keys(manifest.files)).not.toContain(V2.path);
  });

  it('builds it, as a file of its own beside the manifest, when an exercise names it', async () => {
    const { out, r, manifest } = await bundled('paper-trail-v2');
    expect(r.extraFiles['paper-trail-v2']?.path).toBe(join(out, V2.extraFiles));
    expect(manifest.exercises['raw-client'].extraFiles).toBe(V2.extraFiles);
    // Not in what every exercise mounts: only the exercises that name it fetch it.
    expect(Object.keys(manifest.files)).not.toContain(V2.path);
    const extra = JSON.parse(readFileSync(join(out, V2.extraFiles), 'utf8')) as ExtraFiles;
    expect(Object.keys(extra.files)).toContain(V2.path);
    // What it shares with the harness (the SDK's common code, zod) stays in the manifest once.
    for (const path of Object.keys(extra.files)) expect(manifest.files[path]).toBeUndefined();
  });
});

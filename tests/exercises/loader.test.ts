// The one exercise loader: a folder becomes one typed Exercise, and the page's workbench data
// and link titles are derived from that value rather than re-read from disk.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exerciseTitle } from '../../components/exercises.ts';
import { workbenchData } from '../../components/workbench/load.ts';
import {
  defaultExercisesRoot,
  listExerciseIds,
  loadExercise,
  loadExercises,
} from '../../sandbox/exercises/loader.ts';

const root = defaultExercisesRoot();
const scratch = mkdtempSync(join(tmpdir(), 'mcpw-loader-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('loadExercise', () => {
  it('loads every exercise, in id order, with its starter and solution files', () => {
    const all = loadExercises(root);
    expect(all.map((e) => e.id)).toEqual(listExerciseIds(root));
    const raw = all.find((e) => e.id === 'raw-client')!;
    expect(raw.folder).toBe('lessons/02-the-wire/exercises/raw-client');
    expect(raw.lesson).toBe('the-wire');
    expect(raw.starter['client.ts']).toBe(readFileSync(join(raw.dir, 'starter/client.ts'), 'utf8'));
    expect(raw.solution['client.ts']).toBe(
      readFileSync(join(raw.dir, 'solution/client.ts'), 'utf8'),
    );
  });

  it('refuses a malformed id before touching the disk', () => {
    for (const id of ['raw--client', '../raw-client', 'Raw']) {
      expect(() => loadExercise(root, id)).toThrow(`"${id}" is not an exercise id`);
    }
  });

  it('names a listed file that the starter lacks', () => {
    const dir = join(scratch, 'missing');
    cpSync(loadExercise(root, 'raw-client').dir, join(dir, 'raw-client'), { recursive: true });
    rmSync(join(dir, 'raw-client/starter/client.ts'));
    expect(() => loadExercise(dir, 'raw-client')).toThrow(
      /exercise\.json: files: "client\.ts" is listed but starter\/client\.ts does not exist/,
    );
  });
});

describe('what the page derives from an Exercise', () => {
  it('gives the workbench editable files with both versions and reference files read-only', () => {
    const data = workbenchData(loadExercise(root, 'two-kinds-of-failure'));
    expect(data.id).toBe('two-kinds-of-failure');
    expect(data.editable.map((f) => f.path)).toEqual(['outcome.ts']);
    expect(data.editable[0].starter).not.toBe(data.editable[0].solution);
    expect(data.editable[0].solution).toBeDefined();
    expect(data.reference.map((f) => f.path)).toEqual(['drive.ts', 'cases.ts']);
    expect(data.reference[0].text).toBe(
      readFileSync(
        join(loadExercise(root, 'two-kinds-of-failure').dir, 'starter/drive.ts'),
        'utf8',
      ),
    );
  });

  it('titles a link from exercise.json, and with the id when the exercise is missing or broken', () => {
    expect(exerciseTitle('raw-client', root)).toBe(loadExercise(root, 'raw-client').meta.title);
    expect(exerciseTitle('not-written-yet', root)).toBe('not-written-yet');
    const dir = join(scratch, 'broken');
    cpSync(loadExercise(root, 'raw-client').dir, join(dir, 'raw-client'), { recursive: true });
    writeFileSync(join(dir, 'raw-client/exercise.json'), '{ "title": ');
    expect(exerciseTitle('raw-client', dir)).toBe('raw-client');
  });
});

// Authoring guard: every exercise folder is complete and valid, its solution holds only
// changed editable files, and every exercise has checks registered (and only those).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import {
  defaultExercisesRoot,
  listExerciseIds,
  loadExercise,
} from '../../sandbox/exercises/loader.ts';

const root = defaultExercisesRoot();
const ids = listExerciseIds(root);

describe('exercise authoring guard', () => {
  it('finds the exercises and registers checks for exactly those', () => {
    expect(ids).toEqual(
      expect.arrayContaining(['raw-client', 'two-kinds-of-failure', 'stdout-is-the-wire']),
    );
    expect(Object.keys(checks).sort()).toEqual([...ids].sort());
  });

  for (const id of ids) {
    it(`${id}: valid exercise.json, task, starter and a solution of changed editable files`, () => {
      const ex = loadExercise(root, id);
      expect(ex.task.trim().length).toBeGreaterThan(100);
      expect(existsSync(join(ex.dir, 'check.ts'))).toBe(true);
      const solution = Object.keys(ex.solution);
      expect(solution.length).toBeGreaterThan(0);
      for (const file of solution) {
        expect(ex.meta.files.editable, `${id}/solution/${file} is not an editable file`).toContain(
          file,
        );
        if (file in ex.starter) {
          expect(ex.solution[file], `${id}/solution/${file} is identical to the starter`).not.toBe(
            ex.starter[file],
          );
        }
      }
      expect(ex.starter[ex.meta.run.program]).toBeDefined();
      expect(checks[id].length).toBeGreaterThan(0);
      // Its test shows the starter failing and the solution passing (npm run new writes one).
      expect(
        existsSync(join(ex.dir, 'fixtures.test.ts')),
        `${ex.folder}/fixtures.test.ts is missing`,
      ).toBe(true);
      expect(new Set(checks[id].map((c) => c.id)).size).toBe(checks[id].length);
    });
  }

  it('names the file and the field when exercise.json is wrong', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'exercises-'));
    try {
      mkdirSync(join(tmp, 'broken', 'starter'), { recursive: true });
      writeFileSync(
        join(tmp, 'broken', 'exercise.json'),
        JSON.stringify({
          title: 'Broken',
          summary: 's',
          files: { editable: [] },
          run: { program: '../escape.ts', peer: { server: 'paper-trail', transport: 'stdio' } },
          howToRun: 'x',
          hints: ['h'],
        }),
      );
      let message = '';
      try {
        loadExercise(tmp, 'broken');
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/broken\/exercise\.json: files\.editable: /);
      expect(message).toMatch(/broken\/exercise\.json: run\.program: must be a path inside/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

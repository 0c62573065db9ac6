// One exercise of each shape through the WebContainer adapter, on a container Node that
// strips types and on Node 22 that cannot: the starter fails its checks and the solution
// passes, as they do through the harness directly. The adapter runs two exercises of one
// shape alike, so one of each proves it (tests/setup/exercise-shapes.ts); every exercise's
// own checks are proved by its fixtures.test.ts. One runtime per run, so the runs go
// concurrently; each is a handful of real processes.
import { describe, expect, it } from 'vitest';
import { loadExercises, type FileMap } from '../../sandbox/exercises/loader.ts';
import { shapeCover, shapeLabel } from '../setup/exercise-shapes.ts';
import type { FakeOptions } from './fake-webcontainer.ts';
import { collect } from './contract.ts';
import { done, fakeAdapters, repo } from './webcontainer-fixture.ts';

const { adapter } = fakeAdapters();
const cover = shapeCover(loadExercises(repo));

const containers: { name: string; fake: FakeOptions }[] = [
  { name: 'Node that strips types', fake: {} },
  { name: 'Node 22 that cannot strip types', fake: { node: 22 } },
];

async function check(fake: FakeOptions, exercise: string, files: FileMap) {
  const { runtime } = adapter(fake);
  try {
    await runtime.boot();
    await runtime.mount(exercise, files);
    const events = await collect(await runtime.spawn(exercise, 'check'));
    const failed = events.flatMap((e) =>
      e.type === 'check' && !e.ok ? [`${e.id}: ${e.message}`] : [],
    );
    return { done: done(events), failed };
  } finally {
    await runtime.teardown();
  }
}

for (const { name, fake } of containers) {
  describe.concurrent(`each exercise shape through the WebContainer adapter, ${name}`, () => {
    for (const shaped of cover) {
      const { exercise } = shaped;
      const { editable } = exercise.meta.files;
      const pick = (from: FileMap) => Object.fromEntries(editable.map((f) => [f, from[f]]));

      it(`${shapeLabel(shaped)}: the starter fails`, async () => {
        const r = await check(fake, exercise.id, pick(exercise.starter));
        expect(r.done.verdict).not.toBe('error');
        expect(r.done.passed).toBe(false);
        expect(r.failed.length).toBeGreaterThan(0);
      });

      it(`${shapeLabel(shaped)}: the solution passes`, async () => {
        const r = await check(
          fake,
          exercise.id,
          pick({ ...exercise.starter, ...exercise.solution }),
        );
        expect(r.failed).toEqual([]);
        expect(r.done).toMatchObject({ verdict: 'completed', passed: true });
      });
    }
  });
}

// The exercise shapes the runtime suites pick their exercises by (exercise-shapes.ts): every
// exercise of the course has one, the cover has every shape the course has, and a kind of
// exercise the course does not have yet is classified from its exercise.json alone.
import { describe, expect, it } from 'vitest';
import { loadExercises, type Exercise } from '../../sandbox/exercises/loader.ts';
import { ExerciseMeta } from '../../sandbox/exercises/schema.ts';
import { REPO } from '../site/serve-dist.ts';
import { SHAPES, shapeCover, shapeLabel, shapesOf, type Shape } from './exercise-shapes.ts';

const exercises = loadExercises(REPO);

/** An exercise.json as an author writes it; the schema fills in the defaults. */
function meta(run: Record<string, unknown>, files: Record<string, unknown>): ExerciseMeta {
  return ExerciseMeta.parse({
    title: 'Made up',
    summary: 'An exercise that is not in the course.',
    files,
    run,
    howToRun: 'node client.ts',
    hints: ['none'],
  });
}

function exercise(id: string, lesson: string, m: ExerciseMeta): Exercise {
  const folder = `lessons/${lesson}/exercises/${id}`;
  return { id, dir: folder, folder, meta: m, task: '', starter: {}, solution: {} };
}

const stdio = { server: 'paper-trail', transport: 'stdio' };
const http = { server: 'paper-trail', transport: 'http' };

const KINDS: [string, ExerciseMeta, Shape[]][] = [
  [
    'a raw stdio client',
    meta({ program: 'c.ts', peer: stdio }, { editable: ['c.ts'] }),
    ['stdio-client'],
  ],
  [
    'a fetch client',
    meta({ program: 'c.ts', peer: http }, { editable: ['c.ts'] }),
    ['http-client'],
  ],
  [
    'a learner server beside a course client',
    meta(
      {
        program: 'client.ts',
        peer: { server: { file: 's.ts' }, transport: 'stdio' },
        learner: 'peer',
      },
      { editable: ['s.ts'], reference: ['client.ts'] },
    ),
    ['learner-server'],
  ],
  [
    'a driver over HTTP with helpers',
    meta(
      { program: 'drive.ts', peer: http },
      { editable: ['m.ts'], reference: ['drive.ts', 'h.ts'] },
    ),
    ['driver', 'extra-files'],
  ],
  [
    'a driver whose program is the only reference',
    meta({ program: 'drive.ts', peer: stdio }, { editable: ['m.ts'], reference: ['drive.ts'] }),
    ['driver'],
  ],
  // No exercise of the course is this kind: the learner's own client of v2, with helpers.
  [
    'a stdio client of Paper Trail v2 with helper files',
    meta(
      { program: 'c.ts', peer: { server: 'paper-trail-v2', transport: 'stdio' } },
      { editable: ['c.ts', 'lib.ts'], reference: ['types.ts'] },
    ),
    ['stdio-client', 'extra-files', 'v2-peer'],
  ],
];

describe('exercise shapes', () => {
  it.each(KINDS)('classifies %s', (_, m, shapes) => {
    expect(shapesOf(m)).toEqual(shapes);
  });

  it('gives every exercise of the course at least one shape', () => {
    expect(exercises.length).toBeGreaterThan(0);
    const shapeless = exercises.filter((e) => shapesOf(e.meta).length === 0).map((e) => e.id);
    expect(shapeless).toEqual([]);
  });

  it('covers every shape the course has with fewer exercises than the course', () => {
    const present = new Set(exercises.flatMap((e) => shapesOf(e.meta)));
    const cover = shapeCover(exercises);
    expect(new Set(cover.flatMap((c) => c.shapes))).toEqual(present);
    expect(cover.length).toBeLessThan(exercises.length);
    // Each label names the shapes and the exercise, for the suites' test names.
    for (const picked of cover) expect(shapeLabel(picked)).toContain(`(${picked.exercise.id})`);
  });

  it('picks a new kind of exercise for the shape it alone has', () => {
    const v2 = KINDS.at(-1)![1];
    const plain = exercises.filter((e) => !shapesOf(e.meta).includes('v2-peer'));
    const cover = shapeCover([...plain, exercise('made-up', '99-later', v2)]);
    expect(cover.map((c) => c.exercise.id)).toContain('made-up');
    expect(new Set(cover.flatMap((c) => c.shapes))).toEqual(
      new Set([...plain.flatMap((e) => shapesOf(e.meta)), 'v2-peer']),
    );
  });

  it('takes the exercise adding most shapes, then the quickest, then the earliest', () => {
    const kind = (name: string) => KINDS.find(([n]) => n === name)![1];
    const cover = shapeCover([
      exercise('late-client', '03-c', kind('a raw stdio client')),
      exercise('early-client', '01-a', kind('a raw stdio client')),
      exercise('fetch', '02-b', kind('a fetch client')),
      exercise('helped-driver', '04-d', kind('a driver over HTTP with helpers')),
      exercise('plain-driver', '01-a', kind('a driver whose program is the only reference')),
    ]);
    // helped-driver adds two shapes, so it comes in although plain-driver is earlier.
    expect(cover.map((c) => c.exercise.id)).toEqual(['early-client', 'fetch', 'helped-driver']);
    const slow = meta({ program: 'c.ts', peer: stdio, timeoutMs: 30_000 }, { editable: ['c.ts'] });
    const quick = meta({ program: 'c.ts', peer: stdio, timeoutMs: 5_000 }, { editable: ['c.ts'] });
    const timed = shapeCover([
      exercise('slow-early', '01-a', slow),
      exercise('quick-late', '05-e', quick),
      exercise('quick-later', '06-f', quick),
    ]);
    expect(timed.map((c) => c.exercise.id)).toEqual(['quick-late']);
  });

  it('knows every shape it names', () => {
    const named = new Set(KINDS.flatMap(([, , shapes]) => shapes));
    expect([...named].sort()).toEqual([...SHAPES].sort());
  });
});

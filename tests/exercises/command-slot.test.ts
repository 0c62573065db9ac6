// Which exercises take --cmd is read off exercise.json: a whole program the harness or the
// driver starts. The course's own exercises, and planted metadata for each way it can go.
import { describe, expect, it } from 'vitest';
import { commandSlot } from '../../sandbox/exercises/command-slot.ts';
import { defaultExercisesRoot } from '../../sandbox/exercises/loader.ts';
import { accepting } from '../../sandbox/harness/run.ts';
import { ExerciseMeta } from '../../sandbox/exercises/schema.ts';

const meta = (files: object, run: object) =>
  ExerciseMeta.parse({ title: 't', summary: 's', howToRun: 'h', hints: ['h'], files, run });
const stdio = { server: 'paper-trail', transport: 'stdio' };

describe('commandSlot', () => {
  it("finds the course's whole programs: clients, a relay, a server", () => {
    expect(accepting(defaultExercisesRoot())).toEqual([
      'answer-the-server',
      'cancel-in-flight',
      'fetch-client',
      'raw-client',
      'stdout-is-the-wire',
      'tap',
      'watch-an-order',
    ]);
  });

  it('tells the program, the server and the driver argument apart, and refuses the rest', () => {
    expect(commandSlot(meta({ editable: ['c.ts'] }, { program: 'c.ts', peer: stdio }))).toEqual({
      kind: 'program',
      file: 'c.ts',
    });
    const server = { server: { file: 's.ts' }, transport: 'stdio' };
    expect(
      commandSlot(meta({ editable: ['s.ts'] }, { program: 'c.ts', peer: server, learner: 'peer' })),
    ).toEqual({ kind: 'server', file: 's.ts' });
    const driven = { program: 'd.ts', args: ['r.ts', '{peer}'], peer: stdio };
    expect(commandSlot(meta({ editable: ['r.ts'] }, driven))).toEqual({
      kind: 'argument',
      file: 'r.ts',
    });
    // A module the driver imports, and a learner's server file that is read-only.
    expect(commandSlot(meta({ editable: ['o.ts'] }, { program: 'd.ts', peer: stdio }))).toBe(
      undefined,
    );
    expect(
      commandSlot(meta({ editable: ['k.ts'] }, { program: 'c.ts', peer: server, learner: 'peer' })),
    ).toBe(undefined);
  });
});

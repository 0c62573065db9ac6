// Which exercises a learner may solve in any language (`--cmd '<command>'`), read off
// exercise.json alone: those where an editable file is a whole program the harness, or the
// exercise's driver, starts as a process. It is then only a command line, and any program
// that speaks the same bytes can take its place; what is judged is the wire, not the source.
// An editable file that is imported (a function the driver calls) is no program, and an
// exercise whose driver starts a file it does not name in its arguments has no place for a
// command to go.
import type { ExerciseMeta } from './schema.ts';
import { peerFile } from './schema.ts';

/**
 * Where the learner's command goes:
 * - program: the harness starts it in the file's place, with the program's arguments;
 * - server: the harness starts it as the server the course's client talks to;
 * - argument: the exercise's driver starts it, told how in its argument (commandArgument).
 */
export interface CommandSlot {
  kind: 'program' | 'server' | 'argument';
  /** The editable file the command replaces. */
  file: string;
}

export function commandSlot(meta: Pick<ExerciseMeta, 'files' | 'run'>): CommandSlot | undefined {
  const { run, files } = meta;
  const editable = (file: string | undefined): file is string =>
    file !== undefined && files.editable.includes(file);
  if (run.learner === 'peer') {
    const file = peerFile(run.peer);
    return editable(file) ? { kind: 'server', file } : undefined;
  }
  if (editable(run.program)) return { kind: 'program', file: run.program };
  const named = run.args.find((arg) => editable(arg));
  return named === undefined ? undefined : { kind: 'argument', file: named };
}

/**
 * How a driver is told to start the learner's command instead of `node <file>`: the words as
 * one JSON array, in the argument that named the file. A driver tells the two apart by the
 * "[" a file name never starts with.
 */
export function commandArgument(words: readonly string[]): string {
  return JSON.stringify(words);
}

/** The error for `--cmd` on an exercise without a slot: the exercise, and which take one. */
export function noCommandSlot(id: string, accepting: readonly string[]): string {
  return (
    `${id} does not take --cmd: what you write there is not a program the harness starts in ` +
    `a place a command can take (the exercise's own code imports it, or starts it by name), ` +
    `so it must be the TypeScript file. --cmd works for ${accepting.join(', ')}`
  );
}

// The exercise page's "From a terminal" box, as data: the commands a learner with a local
// clone types, and tests/site/terminal-steps.test.ts runs them, so the box says only
// what works. The learner works in a copy of the starter (its exercise folder's starter/ is
// the course's, and `check` without --dir judges that starter, not the learner's code).

export interface TerminalSteps {
  /** The learner's own folder, at the root of the clone. */
  folder: string;
  /** Run from the root of the clone. */
  copy: string;
  run: string;
  check: string;
  /** Checks the folder, then again on every save of one of its files, until Ctrl-C. */
  watch: string;
  /**
   * The exercise's own way of running its programs directly, typed in `folder`: one command,
   * or two for an HTTP exercise (a server first, then the program in another terminal).
   */
  byHand: { command: string; note?: string }[];
  /**
   * Where the exercise takes a program in any language (--cmd: exercises/command-slot.ts):
   * the file it stands in for, and `check` with a Python example of the command.
   */
  anyLanguage?: { file: string; check: string };
}

import type { CommandSlot } from '../../sandbox/exercises/command-slot.ts';

const SECOND_TERMINAL = ', then in another terminal: ';

function byHandSteps(howToRun: string): TerminalSteps['byHand'] {
  return howToRun.split(SECOND_TERMINAL).map((part) => {
    const note = /^(.*?)\s+\(([^()]*)\)$/.exec(part);
    return note ? { command: note[1]!, note: note[2]! } : { command: part };
  });
}

/** `exercise`: its folder in the clone, e.g. lessons/02-the-wire/exercises/raw-client. */
export function terminalSteps(
  id: string,
  exercise: string,
  howToRun: string,
  slot?: CommandSlot,
): TerminalSteps {
  const folder = `my-${id}`;
  const python = slot && slot.file.replace(/\.ts$/, '.py');
  return {
    folder,
    copy: `cp -r ${exercise}/starter ${folder}`,
    run: `npm run --silent exercise -- run ${id} --dir ${folder}`,
    check: `npm run --silent exercise -- check ${id} --dir ${folder}`,
    watch: `npm run --silent exercise -- watch ${id} --dir ${folder}`,
    byHand: byHandSteps(howToRun),
    ...(slot && {
      anyLanguage: {
        file: slot.file,
        check: `npm run --silent exercise -- check ${id} --dir ${folder} --cmd 'python3 ${python}'`,
      },
    }),
  };
}

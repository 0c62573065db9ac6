// What "Download this exercise" puts in the zip, as paths inside the folder → contents. Pure,
// so Node tests build exactly what the page builds: the take-home harness and packages, the
// exercise's files as the container gets them, the learner's current editable files (the
// starter's where the learner has none), the reference files to read, and a README.
import { assertEditable } from '../../sandbox/exercises/editable.ts';
import {
  TAKE_HOME_PATHS,
  type TakeHomeParts,
} from '../../sandbox/runtime/shared/take-home-parts.ts';

export interface TakeHomeOptions {
  /** The exercise page, for the README's link back (default: the site-relative path). */
  pageUrl?: string;
}

/** The folder the zip unpacks into, and the zip's name without ".zip". */
export const takeHomeFolder = (exerciseId: string): string => `mcp-wire-${exerciseId}`;

export function takeHomeFiles(
  parts: TakeHomeParts,
  exerciseId: string,
  learnerFiles: Record<string, string>,
  options: TakeHomeOptions = {},
): Record<string, string> {
  const exercise = Object.hasOwn(parts.exercises, exerciseId)
    ? parts.exercises[exerciseId]
    : undefined;
  if (!exercise) throw new Error(`no take-home files for exercise "${exerciseId}"`);
  // The same rule as the container's mount: a learner's file is one exercise.json lists.
  assertEditable(exerciseId, exercise.editable, Object.keys(learnerFiles));
  const starter = (path: string) =>
    exercise.files[`${TAKE_HOME_PATHS.exercises}/${exerciseId}/starter/${path}`] ?? '';

  const files: Record<string, string> = { ...parts.files, ...exercise.files };
  for (const path of exercise.reference) files[path] = starter(path);
  for (const path of exercise.editable) {
    files[path] = Object.hasOwn(learnerFiles, path) ? learnerFiles[path] : starter(path);
  }
  files[TAKE_HOME_PATHS.marker] = JSON.stringify({ exercise: exerciseId });
  files[TAKE_HOME_PATHS.readme] = readme(exerciseId, exercise.title, exercise, options);
  return files;
}

const list = (paths: readonly string[]) => paths.map((p) => `\`${p}\``).join(', ');

function readme(
  id: string,
  title: string,
  files: { editable: readonly string[]; reference: readonly string[] },
  options: TakeHomeOptions,
): string {
  const page = options.pageUrl ?? `/exercises/${id}/`;
  const reference = files.reference.length
    ? `\nRead, but do not edit: ${list(files.reference)}. The checks always use the exercise's own copies of these.\n`
    : '';
  return `# ${title}

An exercise of MCP on the Wire, taken home: your code as it was when you downloaded it, and
everything the in-browser sandbox runs it with. \`harness.mjs\` is the course's exercise
harness with the MCP SDK and the Paper Trail server bundled in; \`node_modules/\` holds the
packages your code may import (the SDK and zod). There is nothing to install.

## What you need

Node.js 22.18 or newer (check with \`node --version\`). It runs the TypeScript files as they
are, by stripping their types. Node 22.6 to 22.17 does that only when started with
\`--experimental-strip-types\`, which the harness cannot hand on to your program, so update
Node instead (https://nodejs.org).

## Run it

In this folder:

\`\`\`sh
node harness.mjs run     # run your code once and show what it printed
node harness.mjs check   # run it and judge it with the exercise's checks
node harness.mjs watch   # check it, then again each time you save (Ctrl-C stops)
\`\`\`

\`check\` prints PASS or FAIL for each check, as the exercise page does, and exits 0 when
every check passes, 1 when one fails and 3 when the harness could not run your code.
\`node harness.mjs check --json\` prints the same verdict as JSON.

## Edit

Edit ${list(files.editable)}: the harness takes ${files.editable.length === 1 ? 'that file' : 'those files'} from this folder.
${reference}
The task, hints and the frames on the wire are on the exercise page: ${page}
Your code here and your code on that page are separate copies: paste yours back into the
page's editor to carry on there.
`;
}

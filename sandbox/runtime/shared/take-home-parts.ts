// runtime/take-home.json: what the page needs to assemble "Download this exercise" (the zip
// is built in the page, because the learner's current files live there). One shared file for
// every exercise, so a browser fetches and caches it once: the take-home harness and the
// bundled packages, plus each exercise's own files exactly as the container gets them.
export interface TakeHomeExercise {
  title: string;
  /** The files a learner may write (exercise.json's files.editable). */
  editable: string[];
  /** Read-only files the learner is shown (exercise.json's files.reference). */
  reference: string[];
  /** Path inside the take-home folder → contents: exercises/<id>/exercise.json, starter files. */
  files: Record<string, string>;
}

export interface TakeHomeParts {
  /** Path inside the take-home folder → contents: harness.mjs, package.json, node_modules/…. */
  files: Record<string, string>;
  /** By exercise id. */
  exercises: Record<string, TakeHomeExercise>;
}

// Where things live in the unzipped folder. The learner's files sit at the top, next to the
// harness, so the folder itself is the workspace; node_modules resolves from there as it does
// in the container.
export const TAKE_HOME_PATHS = {
  harness: 'harness.mjs',
  /** {"exercise": "<id>"}: which exercise `node harness.mjs check` judges. */
  marker: 'take-home.json',
  /** A shelf, exercises/<id>/: the folder carries an exercise without its lesson. */
  exercises: 'exercises',
  readme: 'README.md',
} as const;

/** Where the site serves the parts. */
export const TAKE_HOME_URL = '/runtime/take-home.json';

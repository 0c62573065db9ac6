// runtime/manifest.json: what the bundler writes at build time and the WebContainer adapter
// reads in the page. The files are mounted as they are; what the adapter itself needs to know
// about each exercise travels already parsed, so the page never re-reads exercise.json.
export interface ManifestExercise {
  /** The files a learner may write (exercise.json's files.editable, validated at build). */
  editable: string[];
}

export interface RuntimeManifest {
  /** Container path → contents: the harness bundle, packages, each exercise's files. */
  files: Record<string, string>;
  /** By exercise id. */
  exercises: Record<string, ManifestExercise>;
}

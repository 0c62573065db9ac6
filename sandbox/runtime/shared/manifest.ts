// runtime/manifest.json: what the bundler writes at build time and the WebContainer adapter
// reads in the page. The files are mounted as they are; what the adapter itself needs to know
// about each exercise travels already parsed, so the page never re-reads exercise.json.
export interface ManifestExercise {
  /** The files a learner may write (exercise.json's files.editable, validated at build). */
  editable: string[];
  /**
   * The run's time limit (exercise.json's run.timeoutMs, its default filled in): the page's
   * watchdog restarts a container whose run outlives it (sandbox/runtime/page/watchdog.ts).
   */
  timeoutMs: number;
  /**
   * The file name, beside manifest.json, of more files this exercise's runs need
   * (ExtraFiles), mounted before its first run: the program of its own of the known server
   * its peer names, when that server has one (exercises/servers.ts, ownProgram).
   */
  extraFiles?: string;
}

/** A file of extra files: mounted as they are, like the manifest's own. */
export interface ExtraFiles {
  files: Record<string, string>;
}

export interface RuntimeManifest {
  /** Container path → contents: the harness bundle, packages, each exercise's files. */
  files: Record<string, string>;
  /** By exercise id. */
  exercises: Record<string, ManifestExercise>;
}

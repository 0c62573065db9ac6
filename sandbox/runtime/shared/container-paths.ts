// Where things live inside the container, relative to its working directory. The bundler
// writes the manifest with these paths and the adapter spawns with them.
export const CONTAINER_PATHS = {
  harness: 'runtime/harness.mjs',
  /** Only in the extra files of the exercises whose peer it is. */
  paperTrailV2: 'runtime/paper-trail-v2.mjs',
  /** A shelf, exercises/<id>/: the container carries the exercises without their lessons. */
  exercises: 'exercises',
  workspaces: 'workspaces',
  probe: 'runtime/probe.mjs',
  probeTypes: 'runtime/probe-types.ts',
} as const;

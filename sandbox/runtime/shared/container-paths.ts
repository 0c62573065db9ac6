// Where things live inside the container, relative to its working directory. The bundler
// writes the manifest with these paths and the adapter spawns with them. A known server that
// is a program of its own names its path in the servers table (exercises/servers.ts).
export const CONTAINER_PATHS = {
  harness: 'runtime/harness.mjs',
  /** A shelf, exercises/<id>/: the container carries the exercises without their lessons. */
  exercises: 'exercises',
  workspaces: 'workspaces',
  probe: 'runtime/probe.mjs',
  probeTypes: 'runtime/probe-types.ts',
} as const;

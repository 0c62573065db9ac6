// What the console's run is, as both ends need to know it: the harness that runs it
// (console-run.ts) and the runtimes that start it, in Node and in the page alike, so no
// imports.

/** The harness's first argument that asks for a console session instead of an exercise's run. */
export const CONSOLE_FLAG = '--console';

/** The one file a console run takes from its workspace: plain JavaScript, so no Node strips it. */
export const CONSOLE_PROGRAM = 'console.mjs';

export const CONSOLE_LIMITS = {
  /** The whole session, however lively. */
  timeoutMs: 120_000,
  /** Nothing crossed the wire and nothing was printed for this long: the session is over. */
  idleMs: 15_000,
  /** Per stream of output: a console shows frames, not a program's printing. */
  maxOutputBytes: 256 * 1024,
  /** Of recorded frames. */
  maxFrameBytes: 4 * 1024 * 1024,
} as const;

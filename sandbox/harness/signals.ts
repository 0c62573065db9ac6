// An entry point that runs exercises must leave through process.exit() when it is told to
// stop (Ctrl-C, a closed terminal, the runtime stopping a run): that runs the 'exit'
// listeners of the run in progress, which end the learner's processes and remove the work
// folder and the tap record. Node's default death by signal skips them, and the learner's
// program, in a process group of its own, would keep running with nobody left to stop it.
const EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
/** How often to look whether the process that started this one is still there. */
const PARENT_POLL_MS = 200;

export function exitOnSignals(options: { watchParent?: boolean } = {}): void {
  for (const [signal, code] of Object.entries(EXIT_CODES)) {
    process.once(signal, () => process.exit(code));
  }
  if (options.watchParent) exitWhenOrphaned();
}

/**
 * `kill <npm's pid>`: npm passes SIGTERM on to the `sh -c` that runs the script, and sh dies
 * of it without passing it on, so the entry point never hears a signal; it only finds
 * itself adopted by another parent. Linux could say so with a parent-death signal, which
 * Node cannot ask for; a new parent pid says the same, a little later.
 */
function exitWhenOrphaned(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.exit(EXIT_CODES.SIGHUP);
  }, PARENT_POLL_MS).unref();
}

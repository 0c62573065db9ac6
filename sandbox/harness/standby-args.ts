// A harness started ahead of its run (the local runtime keeps one on standby): it loads the
// engine and the course's checks, then waits for its arguments as one JSON line on stdin, so
// that a learner's Check does not wait for a Node process to start and compile them. The
// exercise's files are read once the arguments are there; a standby older than any file the
// checks come from is not used (sandbox/runtime/server/standby.ts).

/** The only argument of a harness started on standby. */
export const STANDBY_FLAG = '--standby';
/**
 * The pipe on which a standby says it has its arguments: a standby that died while it
 * waited (its death not yet noticed by whoever started it) never says so, and the run goes
 * to a fresh harness instead of reporting a crash that was not the learner's.
 */
export const TAKEN_FD = 3;
export const TAKEN = 'taken\n';

/**
 * The arguments the endpoint writes to a standby's stdin; undefined when stdin ends first
 * (the endpoint let the standby go without a run).
 */
export async function standbyArgs(stdin: NodeJS.ReadableStream): Promise<string[] | undefined> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    const end = text.indexOf('\n');
    if (end === -1) continue;
    const args: unknown = JSON.parse(text.slice(0, end));
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
      throw new Error(`a standby harness takes a JSON array of strings, got ${text.slice(0, end)}`);
    }
    return args as string[];
  }
  return undefined;
}

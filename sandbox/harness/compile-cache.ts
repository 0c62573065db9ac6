// Where the Node processes of a run keep their compiled code between runs.
//
// A check starts at least three Node processes (the program, the tap's relay, Paper Trail),
// and each compiles the same modules again: Paper Trail alone spends about 0.2 s of a 0.6 s
// start on compiling the SDK, zod and its own TypeScript. Node's compile cache keeps V8's
// code cache on disk, keyed by each module's contents, so a changed file is compiled afresh.
// It changes nothing any process reads or writes on the wire. NODE_DISABLE_COMPILE_CACHE=1
// turns it off, as Node documents; an explicit NODE_COMPILE_CACHE is kept.
import { enableCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function compileCacheEnv(from: NodeJS.ProcessEnv): Record<string, string> {
  if (from.NODE_DISABLE_COMPILE_CACHE) return { NODE_DISABLE_COMPILE_CACHE: '1' };
  return {
    NODE_COMPILE_CACHE: from.NODE_COMPILE_CACHE || join(tmpdir(), 'mcp-on-the-wire-node-cache'),
  };
}

/**
 * The same cache for this process's own modules from here on: an entry point calls it before
 * it imports the rest (dynamically, since static imports are compiled before any code runs).
 */
export function useCompileCache(): void {
  const env = compileCacheEnv(process.env);
  if (env.NODE_COMPILE_CACHE) enableCompileCache(env.NODE_COMPILE_CACHE);
}

// `npm run exercise` starts here, in plain JavaScript, so that Node's compile cache is on
// before Node reads any TypeScript: it then takes exercise.ts and all it imports, stripped
// and compiled, from the cache, and never loads its type stripper (about 90 ms of every
// check; exercise.ts turning the cache on itself comes after its own files were stripped).
// The cache is the one sandbox/harness/compile-cache.ts names, by the same rule.
import { enableCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (!process.env.NODE_DISABLE_COMPILE_CACHE) {
  enableCompileCache(
    process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'mcp-on-the-wire-node-cache'),
  );
}
await import('./exercise.ts');

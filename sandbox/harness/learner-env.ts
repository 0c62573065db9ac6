// The environment a learner's program runs with: what a program needs to find its tools and
// its home, and nothing else of whoever started the harness (the dev server's or a CI job's
// tokens and settings). The SDK's stdio client starts servers the same way, with a short
// list of inherited variables; the course's programs then see what real MCP peers see.
import { compileCacheEnv } from './compile-cache.ts';

const INHERITED = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'TZ', 'TMPDIR'];

export function learnerEnv(
  from: NodeJS.ProcessEnv,
  extra: Record<string, string>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) {
    const value = from[name];
    // A value that starts with "()" is a shell function, which no program here needs.
    if (value !== undefined && !value.startsWith('()')) env[name] = value;
  }
  return { ...env, ...compileCacheEnv(from), ...extra };
}

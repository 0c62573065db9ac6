// Public entry of the Paper Trail package for the rest of the project (harness, capture,
// tests): build the server in-process, serve it over HTTP, or learn how to spawn it.
import { fileURLToPath } from 'node:url';

export { createPaperTrailServer, SERVER_INFO } from './server.ts';
export type { PaperTrailOptions } from './server.ts';
export { startHttpServer, MCP_PATH } from './http.ts';
export type { HttpOptions, RunningHttpServer } from './http.ts';
export { findOrder, allOrders } from './orders.ts';
export type { OrderRecord } from './orders.ts';

/** Absolute path of the executable entry point. */
export const PAPER_TRAIL_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * How to spawn Paper Trail as a real process with the current Node (which runs .ts
 * directly). Add `--http`, `--port N`, `--json-response` to args for HTTP.
 */
export function paperTrailCommand(extraArgs: string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: [PAPER_TRAIL_MAIN, ...extraArgs] };
}

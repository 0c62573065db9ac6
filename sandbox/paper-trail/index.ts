// Public entry of Paper Trail for the rest of the project (harness, capture, tests): build
// the server in-process, serve it over HTTP, or spawn it as a real process.
export { createPaperTrailServer, SERVER_INFO } from './server.ts';
export type { PaperTrailOptions } from './server.ts';
export { startHttpServer, MCP_PATH } from './http.ts';
export type { HttpOptions, RunningHttpServer } from './http.ts';
export { findOrder, allOrders } from './orders.ts';
export type { OrderRecord } from './orders.ts';
export { paperTrailCommand, PAPER_TRAIL_MAIN } from './command.ts';
export { spawnPaperTrailHttp } from './spawn.ts';
export type { SpawnedHttpServer } from './spawn.ts';

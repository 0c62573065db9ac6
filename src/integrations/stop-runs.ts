// The dev server ends the runs it started before it goes: without this, Ctrl-C or a kill of
// `npm start` left each learner's program running until its harness noticed it was orphaned,
// and the endpoint's /tmp/mcpw-run-* folders behind for good (a stopped dev server must not strand them).
//
// Vite answers SIGTERM itself by awaiting server.close() and then calling process.exit(), so
// anything not awaited inside close() is cut off: the runs are stopped inside close(). SIGINT
// and SIGHUP have no handler in Astro or Vite (the process just died); here they close the
// server the same way, then exit with the usual 128 + signal number.
import type { RuntimeEndpoint } from '../../sandbox/runtime/server/endpoint.ts';

const EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

export interface Closable {
  close(): Promise<void>;
}

/** The server that is up now; Astro replaces it when its config changes. */
let current: Closable | undefined;
let listening = false;

/** From now on, closing `server` (or a signal to the process) first stops the endpoint's runs. */
export function stopRunsWithServer(
  server: Closable,
  endpoint: RuntimeEndpoint,
  say: (message: string) => void,
): void {
  const close = server.close.bind(server);
  let closing: Promise<void> | undefined;
  // Memoised: Vite's SIGTERM handler and ours both close, and both wait for the same end.
  server.close = () =>
    (closing ??= endpoint.stopAll('the dev server is stopping').then(() => close()));
  current = server;
  if (listening) return;
  listening = true;
  for (const [signal, code] of Object.entries(EXIT_CODES)) {
    process.once(signal, () => {
      say(`dev server stopping (${signal}): ending the runs in progress…`);
      void (current?.close() ?? Promise.resolve()).finally(() => process.exit(code));
    });
  }
}

// --chatty: Paper Trail as it behaves when one of its dependencies was written for a terminal.
// The made-up "carrier-kit" library prints a banner on stdout when it loads, warms its cache
// on the first lookup by starting a helper process that shares Paper Trail's stdout, and
// draws a progress bar that never ends its line. On stdio every one of those bytes lands in
// the frame stream; lesson 9 records what clients make of them.
import { spawn } from 'node:child_process';

/** What carrier-kit prints when it loads, and with which console method. */
export const CHATTY_BANNER = 'carrier-kit 3.2.0 ready (telemetry off)';
export const CHATTY_INFO = 'carrier-kit: 3 carriers configured';
export const CHATTY_DEBUG = 'carrier-kit: cache dir /tmp/carrier-kit';
export const CHATTY_WARN = 'carrier-kit: no API key, using the public rate table';
export const CHATTY_ERROR = 'carrier-kit: rate table is 3 days old';
/** What its cache helper, a child process with inherited stdout, prints. */
export const CHATTY_CHILD_LINE = 'carrier-kit cache: 3 lanes warmed';
/** The progress bar's frames: each starts with \r to redraw the line, none ends it. */
export const CHATTY_PROGRESS = ['\r[###       ] 30%', '\r[######    ] 60%', '\r[##########] 100%'];

/**
 * What the dependency says when it loads, the way libraries say it: console.log, .info and
 * .debug (all three write to stdout), console.warn and .error (both stderr).
 */
export function printDependencyBanner(): void {
  console.log(CHATTY_BANNER);
  console.info(CHATTY_INFO);
  console.debug(CHATTY_DEBUG);
  console.warn(CHATTY_WARN);
  console.error(CHATTY_ERROR);
}

/** Runs the cache helper with this process's stdout as its own, and waits for it to end. */
function runCacheHelper(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', `console.log(${JSON.stringify(CHATTY_CHILD_LINE)})`],
      // stdin is the client's frames: the helper must not share it; stdout and stderr it does.
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
}

/**
 * The first lookup warms the cache: the helper's line, then the progress bar with no newline
 * after it, so the next bytes on stdout (the reply to that lookup) continue its line. Lookups
 * that arrive meanwhile wait for the same warm-up; later ones find the cache warm.
 */
export function carrierCache(): { warm(): Promise<void> } {
  let warming: Promise<void> | undefined;
  return {
    warm() {
      warming ??= runCacheHelper().then(() => {
        for (const step of CHATTY_PROGRESS) process.stdout.write(step);
      });
      return warming;
    },
  };
}

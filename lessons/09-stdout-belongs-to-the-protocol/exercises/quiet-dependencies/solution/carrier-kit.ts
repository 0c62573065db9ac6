// carrier-kit 3.2.0: the carrier's route-planning library, vendored into this project.
// On stdio our stdout is the protocol's, so everything carrier-kit says for humans goes to
// stderr: its banner, its helper's output and its progress bar.
import { spawn } from 'node:child_process';

const HELPER =
  "console.log('carrier-kit helper ' + (process.env.CARRIER_KIT_TRACE || 'untraced') + ': route cache warm for ' + process.argv[1])";

/** Call once before planning routes. */
export function startCarrierKit(): void {
  console.error('carrier-kit 3.2.0 ready (telemetry off)');
}

/** Runs the cache helper for one order and waits for it to finish. */
function warmCache(orderId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // No stdin (that is the client's frames); the helper's stdout is piped and passed on to
    // our stderr, its stderr goes straight to ours.
    const helper = spawn(process.execPath, ['-e', HELPER, orderId], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    helper.stdout.pipe(process.stderr, { end: false });
    helper.once('error', reject);
    helper.once('close', () => resolve());
  });
}

/** Gets the route of one order ready: warms the cache, then loads the route. */
export async function prepareRoute(orderId: string): Promise<void> {
  await warmCache(orderId);
  for (const percent of [30, 60, 100]) {
    const bar = '#'.repeat(percent / 10).padEnd(10);
    process.stderr.write(`\r[${bar}] ${percent}% route ${orderId}`);
  }
  process.stderr.write('\n');
}

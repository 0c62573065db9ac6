// carrier-kit 3.2.0: the carrier's route-planning library, vendored into this project.
// It was written for a terminal, and it is loud: a banner when it starts, a helper process
// that warms its route cache, and a progress bar. You may edit this file.
import { spawn } from 'node:child_process';

// The helper is a separate program. It prints one line when the cache is warm; the trace id
// lets support match its line to a run.
const HELPER =
  "console.log('carrier-kit helper ' + (process.env.CARRIER_KIT_TRACE || 'untraced') + ': route cache warm for ' + process.argv[1])";

/** Call once before planning routes. */
export function startCarrierKit(): void {
  console.log('carrier-kit 3.2.0 ready (telemetry off)');
}

/** Runs the cache helper for one order and waits for it to finish. */
function warmCache(orderId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const helper = spawn(process.execPath, ['-e', HELPER, orderId], { stdio: 'inherit' });
    helper.once('error', reject);
    helper.once('exit', () => resolve());
  });
}

/** Gets the route of one order ready: warms the cache, then loads the route. */
export async function prepareRoute(orderId: string): Promise<void> {
  await warmCache(orderId);
  for (const percent of [30, 60, 100]) {
    const bar = '#'.repeat(percent / 10).padEnd(10);
    process.stdout.write(`\r[${bar}] ${percent}% route ${orderId}`);
  }
}

// The events a starter accepts from its harness: only lines behind this run's sentinel, a
// random nonce the starter handed the harness on stdin (never on its command line or in its
// environment, which the learner's program could read). A program that gets hold of the
// harness's stdout (opening /proc/<pid>/fd/1, or pidfd_getfd) can write lines into it, but
// not one the starter takes for an event: a forged `done` with passed: true is dropped.
// The WebContainer's entry prints its events the same way (sentinel.ts).
import { randomBytes } from 'node:crypto';
import { sentinelFor } from '../shared/sentinel.ts';

/** A fresh nonce for one run. */
export function newNonce(): string {
  // Hex, not base64url: a nonce that began with '-' would read as an option to the harness.
  return randomBytes(18).toString('hex');
}

/** The JSON of an event line the harness wrote for this run; undefined for any other line. */
export function signedEvent(line: string, nonce: string): string | undefined {
  const sentinel = sentinelFor(nonce);
  return line.startsWith(sentinel) ? line.slice(sentinel.length) : undefined;
}

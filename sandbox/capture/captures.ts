// The committed capture files and how each is produced. File names are a contract with
// the lessons: change them only together with the lessons that read them.
import { captureHttpJson, captureHttpJsonProgress, captureHttpSse } from './http-session.ts';
import { serialiseCapture } from '../wire/capture-file.ts';
import { captureStdioPipelined, captureStdioSession, captureStdioStrict } from './stdio-session.ts';
import type { CaptureResult } from './types.ts';
import * as lesson11 from './lesson-11-sessions.ts';
import { availableParallelism } from 'node:os';
import * as lesson9 from './lesson-9-sessions.ts';
import {
  captureHostClientA,
  captureHostClientB,
  captureInspectorCli,
} from './lesson-1-sessions.ts';
import * as lesson3 from './lesson-3-sessions.ts';
import {
  captureStdioBuggyOutput,
  captureStdioToolCalls,
  captureStdioUncheckedOutput,
} from './lesson-4-sessions.ts';
import {
  capturePrompts,
  captureResourcesFixed,
  captureResourcesLive,
  captureSubscription,
} from './lesson-5-sessions.ts';
import * as lesson6 from './lesson-6-sessions.ts';
import * as lesson7 from './lesson-7-sessions.ts';
import * as lesson10 from './lesson-10-sessions.ts';
import * as lesson8 from './lesson-8-sessions.ts';

export interface CaptureSpec {
  /** File name inside the captures directory. */
  file: string;
  run: () => Promise<CaptureResult>;
}

export const CAPTURES: readonly CaptureSpec[] = [
  { file: 'stdio-session.jsonl', run: captureStdioSession },
  { file: 'stdio-pipelined.jsonl', run: captureStdioPipelined },
  { file: 'http-json.jsonl', run: captureHttpJson },
  { file: 'http-sse.jsonl', run: captureHttpSse },
  { file: 'http-json-progress.jsonl', run: captureHttpJsonProgress },
  { file: 'stdio-strict.jsonl', run: captureStdioStrict },
  { file: 'host-client-a.jsonl', run: captureHostClientA },
  { file: 'host-client-b.jsonl', run: captureHostClientB },
  { file: 'inspector-cli.jsonl', run: captureInspectorCli },
  { file: 'handshake.jsonl', run: lesson3.captureHandshake },
  { file: 'handshake-unknown-version.jsonl', run: lesson3.captureUnknownOffer },
  { file: 'handshake-older-version.jsonl', run: lesson3.captureOlderOffer },
  { file: 'handshake-restricted.jsonl', run: lesson3.captureRestrictedServer },
  { file: 'handshake-order.jsonl', run: lesson3.captureBeforeInitialize },
  { file: 'handshake-no-logging.jsonl', run: lesson3.captureUndeclaredLogging },
  { file: 'handshake-logging.jsonl', run: lesson3.captureDeclaredLogging },
  { file: 'http-protocol-version.jsonl', run: lesson3.captureHttpProtocolVersion },
  { file: 'handshake-2024-version.jsonl', run: lesson3.captureOldestOffer },
  { file: 'handshake-future-version.jsonl', run: lesson3.captureFutureVersion },
  { file: 'stdio-tool-calls.jsonl', run: captureStdioToolCalls },
  { file: 'stdio-buggy-output.jsonl', run: captureStdioBuggyOutput },
  { file: 'stdio-unchecked-output.jsonl', run: captureStdioUncheckedOutput },
  { file: 'resources-fixed.jsonl', run: captureResourcesFixed },
  { file: 'resources-live.jsonl', run: captureResourcesLive },
  { file: 'resources-subscribe.jsonl', run: captureSubscription },
  { file: 'prompts-live.jsonl', run: capturePrompts },
  { file: 'notifications-progress.jsonl', run: lesson6.captureProgress },
  { file: 'notifications-cancel.jsonl', run: lesson6.captureCancel },
  { file: 'notifications-cancel-zero.jsonl', run: lesson6.captureCancelZero },
  { file: 'notifications-list-changed.jsonl', run: lesson6.captureListChanged },
  { file: 'notifications-timeouts.jsonl', run: lesson6.captureTimeouts },
  { file: 'stdout-npm-banner.jsonl', run: lesson9.captureNpmBanner },
  { file: 'stdout-npm-silent.jsonl', run: lesson9.captureNpmSilent },
  { file: 'stdout-chatty-host.jsonl', run: lesson9.captureChattyHost },
  { file: 'stdout-chatty-inspector.jsonl', run: lesson9.captureInspectorChatty },
  { file: 'stdout-carriage-return.jsonl', run: lesson9.captureCarriageReturn },
  { file: 'stdout-patch-too-late.jsonl', run: lesson9.capturePatchTooLate },
  { file: 'stdout-patch-first-import.jsonl', run: lesson9.capturePatchFirstImport },
  { file: 'stdout-patch-node-import.jsonl', run: lesson9.capturePatchNodeImport },
  { file: 'http-lifecycle.jsonl', run: lesson7.captureHttpLifecycle },
  { file: 'http-transport-errors.jsonl', run: lesson7.captureHttpTransportErrors },
  { file: 'http-resume.jsonl', run: lesson7.captureHttpResume },
  { file: 'http-batch.jsonl', run: lesson7.captureHttpBatch },
  { file: 'http-second-get.jsonl', run: lesson7.captureHttpSecondGet },
  { file: 'auth-flow.jsonl', run: lesson10.captureAuthFlow },
  { file: 'auth-refusals.jsonl', run: lesson10.captureAuthRefusals },
  { file: 'asks-cancel.jsonl', run: lesson8.captureAsksCancel },
  { file: 'asks-loose.jsonl', run: lesson8.captureAsksLoose },
  { file: 'asks-wrong-id.jsonl', run: lesson8.captureAsksWrongId },
  { file: 'asks-undeclared.jsonl', run: lesson8.captureAsksUndeclared },
  { file: 'asks-sampling.jsonl', run: lesson8.captureAsksSampling },
  { file: 'asks-url.jsonl', run: lesson8.captureAsksUrl },
  { file: 'asks-http.jsonl', run: lesson8.captureAsksHttp },
  { file: 'lookup-2025.jsonl', run: lesson11.captureLookup2025 },
  { file: 'lookup-2026.jsonl', run: lesson11.captureLookup2026 },
  { file: 'cancel-2025.jsonl', run: lesson11.captureCancel2025 },
  { file: 'cancel-2026.jsonl', run: lesson11.captureCancel2026 },
  { file: 'removed-2026.jsonl', run: lesson11.captureRemoved2026 },
  { file: 'reject-2025.jsonl', run: lesson11.captureReject2025 },
  { file: 'no-envelope-after-discover.jsonl', run: lesson11.captureNoEnvelopeAfterDiscover },
  { file: 'no-envelope-reject.jsonl', run: lesson11.captureNoEnvelopeReject },
  { file: 'http-2026.jsonl', run: lesson11.captureHttp2026 },
  { file: 'http-reject-2025.jsonl', run: lesson11.captureHttpReject2025 },
  { file: 'listen-2026.jsonl', run: lesson11.captureListen2026 },
  { file: 'auto-probe.jsonl', run: lesson11.captureAutoProbe },
  { file: 'auto-session.jsonl', run: lesson11.captureAutoSession },
  { file: 'auto-probe-v1.jsonl', run: lesson11.captureAutoProbeV1 },
  { file: 'auto-session-v1.jsonl', run: lesson11.captureAutoSessionV1 },
];

/**
 * Sessions at once: each is a few processes of its own that mostly wait on each other, so a
 * few side by side take little longer than the slowest one (one after another the
 * check was four times its start-up floor). Not more than there are cores: every session
 * starts several Node processes at once, and on a busy machine more of them than cores pushed
 * start-ups past the reply timeouts.
 */
export const AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));

/** A capture's name as an author types it: its file name without `.jsonl`. */
export const captureName = (spec: CaptureSpec) => spec.file.replace(/\.jsonl$/, '');

/**
 * The captures called `names` (all of them when none are given), in list order. An unknown
 * name is an error that lists the known ones, so a typo never passes as "nothing to check".
 */
export function selectCaptures(names: readonly string[] = []): CaptureSpec[] {
  const wanted = new Set(names.map((name) => name.replace(/\.jsonl$/, '')));
  const unknown = [...wanted].filter((name) => !CAPTURES.some((c) => captureName(c) === name));
  if (unknown.length > 0) {
    throw new Error(
      `no capture called ${unknown.map((n) => `"${n}"`).join(', ')}; the captures are: ` +
        CAPTURES.map(captureName).join(', '),
    );
  }
  return wanted.size === 0 ? [...CAPTURES] : CAPTURES.filter((c) => wanted.has(captureName(c)));
}

/**
 * Runs the captures called `names` (every capture when none are given); returns file name →
 * contents, including stderr sidecars, in list order.
 */
export async function produceCaptures(names: readonly string[] = []): Promise<Map<string, string>> {
  const specs = selectCaptures(names);
  const results: CaptureResult[] = new Array(specs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < specs.length; i = next++) results[i] = await specs[i].run();
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, specs.length) }, worker));
  const files = new Map<string, string>();
  for (const [i, spec] of specs.entries()) {
    files.set(spec.file, serialiseCapture(results[i].frames));
    if (results[i].stderr !== undefined) {
      files.set(spec.file.replace(/\.jsonl$/, '.stderr.txt'), results[i].stderr);
    }
  }
  return files;
}

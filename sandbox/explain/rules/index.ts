// Every rule the explainer holds a session to, in the order findings on one frame are told:
// framing first (a frame that is no message cannot break the later rules), then ids and
// pairing, the lifecycle, long calls, HTTP and the 2026-07-28 envelope. A rule is one export
// of one of these files and one line here.
import type { Rule } from '../rule.ts';
import { gluedToStray, notJsonRpc, notOneLine, strayStdout } from './framing.ts';
import { beforeInitializeResult, missingInitialized, versionNotHungUp } from './handshake.ts';
import {
  notificationNot202,
  protocolVersionHeader,
  sessionIdHeader,
  sseWithoutData,
} from './http.ts';
import { notificationId, replyToNothing, requestId, unanswered } from './ids.ts';
import { cancelInitialize, cancelNotInFlight, progressAfterResult } from './long-calls.ts';
import { metaEnvelope } from './envelope.ts';
import { toolErrorForProtocolError } from './tool-errors.ts';

export const RULES: readonly Rule[] = [
  strayStdout,
  gluedToStray,
  notOneLine,
  notJsonRpc,
  notificationId,
  requestId,
  replyToNothing,
  unanswered,
  toolErrorForProtocolError,
  beforeInitializeResult,
  missingInitialized,
  versionNotHungUp,
  progressAfterResult,
  cancelNotInFlight,
  cancelInitialize,
  sessionIdHeader,
  protocolVersionHeader,
  notificationNot202,
  sseWithoutData,
  metaEnvelope,
];

// The one door to the check vocabulary. An exercise's check.ts imports from here and from
// nowhere else in sandbox/ (types from sandbox/contract aside, which this also re-exports), so
// a helper has one name and one meaning across the course; sandbox/checks/README.md is the
// guide. The files behind it stay small and keep their own jobs.

// The contract: what a check is given and gives back.
export type { Check, Outcome, RunRecord, Said } from '../contract/check.ts';
export type { Direction, FrameRecord } from '../wire/record.ts';

// Building an answer.
export { pass, fail, firstFailure, firstFailing, type RuleResult } from './outcome.ts';
export { notReached } from './not-reached.ts';
export { stalled } from './run-story.ts';
export { say, frameRef, joined, capitalised, mentionedFrames } from './say.ts';

// Reading the conversation.
export { conversation, isObject, parsedLine } from './run-story.ts';
export { Conversation, findSplitMessage, type Message, type Read } from './frames.ts';
export { readFrame, readMessage, failureKindOf } from '../wire/read.ts';
export {
  paramsOf,
  resultOf,
  textsOf,
  toolCalls,
  replyTo,
  exchanges,
  type Request,
} from './query.ts';
export { exchangeName, statusOf, type Exchange } from '../wire/exchanges.ts';
export { perRun } from './per-run.ts';

// What the program printed, and when.
export { printedLinesAt, extraLines, type PrintedLine } from './printed.ts';
export { printedLines, printedBefore } from './run-story.ts';
export { framesBefore, frontOfRun, type FrontPart } from './segments.ts';

// Drivers and their tables.
export { driverReports, whyDriverStopped, type DriverReport } from './driver-reports.ts';
export { caseRows, caseTable, type CaseRow } from './case-table.ts';

// Words.
export { quote, clip, stderrGist } from './frames.ts';
export { allOf, counted, every, json, shownLine } from './words.ts';
export { showText } from './show-text.ts';
export { clientStall, type Stall } from './explain.ts';
export { lines, shown, isJson, whatChanged, firstLoss, extras } from './byte-lines.ts';
export {
  twoFramesOnOneLine,
  labelProblem,
  namedFrames,
  unloggedFrame,
  type NamedFrame,
  type LoggedFrame,
  type LabelProblem,
} from './frame-log.ts';

// The course's shared client checks.
export {
  jsonrpcFrames,
  oneMessagePerLine,
  requestIds,
  notificationsHaveNoId,
  knownMethods,
  cleanExit,
  rawClientBasics,
  handshake,
  readsWholeLines,
  readsWholeLinesIn,
  type ClientPart,
} from './client-checks.ts';

// A driver's runs, told apart by its markers; text items; checks that could not judge.
export { markedRuns, type MarkedRun } from './marked-runs.ts';
export { textLines } from './text-lines.ts';
export { notReachedAt, unjudged } from './not-reached-at.ts';

// What a request's arguments are, and how a value fits the form it was asked for.
export { formMisfit, jsonOrNothing, kindOf } from './form-fit.ts';
export { argumentsOf } from './arguments-of.ts';

// Requests and notifications by method, and replies found by id.
export {
  isRequest,
  isNotification,
  requestsOf,
  notificationsOf,
  type Notification,
} from './by-method.ts';
export { stringOf } from './string-of.ts';
export { replyById, requestById, andMore, caseResponse } from './driver-answers.ts';

export { errorOf } from './error-of.ts';
export { frontUntil } from './front-until.ts';
export { bearerChallenge, type ChallengeParam } from './bearer-challenge.ts';
export { shownStderr, stderrNote } from './stderr-note.ts';
export { referenceClientFinishes } from './reference-client.ts';
export { hung } from './hung.ts';
export { replyText } from './reply-text.ts';
export { listedTools } from './listed-tools.ts';
export { schemaProblem } from './schema-problem.ts';
export { recordedLines, type RecordedLine } from './recorded-lines.ts';
export { answerAttempt, looseReply } from './reply-attempts.ts';
export { replyGist } from './reply-gist.ts';
export { caseResponses, type AboutAResponse, type CaseResponse } from './case-responses.ts';
export { everyCaseAsked } from './every-case-asked.ts';
export { given, type CheckMeta } from './given.ts';
export { sdkFreeClientChecks, LIFECYCLE_METHODS } from './sdk-free-client-checks.ts';
export { failAt, failAtEarliest, earliest } from './fail-at.ts';
export { callAbout } from './call-about.ts';
export { progressTokenOf, progressUnder, cancelOf } from './long-call.ts';
export {
  strayLines,
  gluedMessage,
  gluedReplyTo,
  strayText,
  bytesBefore,
  bytesOf,
} from './stray-lines.ts';
export { asksEveryCase, caseCheck, type CaseRule } from './case-checks.ts';
export { stalledAt } from './stalled-at.ts';
export { frameList } from './frame-list.ts';
export { firstItem } from './first-item.ts';
export { issuedSession, afterInitialize, type IssuedSession } from './http-session.ts';
export { onceSent, everyExchange, everyInSession } from './http-rules.ts';
export { serverAnswered, replyEvent, streamedReply } from './http-answers.ts';
export { droppedStream, type DroppedStream } from './dropped-stream.ts';
export { lostReply } from './lost-reply.ts';
export {
  acceptHeader,
  contentType,
  sessionIdHeader,
  protocolVersionHeader,
  initialized202,
  endsSession,
  httpCleanExit,
  httpClientBasics,
} from './http-client-checks.ts';
export { progressSteps, type ProgressStep } from './progress.ts';
export { printedLate } from './printed-late.ts';
export { lineDiff, type LineDiff } from './line-diff.ts';
export { stoppedWith } from './stopped-with.ts';
export { passAt } from './outcome-at.ts';

// Words for check messages: a JSON type with its article, a list cut after its first few.
export { aKindOf } from './a-kind-of.ts';
export { firstFew } from './first-few.ts';

// Requests of one method with the replies they got.
export { answeredRequests, type Answered } from './answered-requests.ts';

// For 2026-07-28 clients: the _meta envelope
// every request carries, how a request was answered (resultType), an input_required answer and
// its retry, and how such a client starts, as checks. For clients a driver runs several times
// and for 2025 clients: each run's frames with the driver's report of how it ended, the words of
// a client that parsed a piece of a line, a client's initialize and the version its answer
// settled, a printed line judged by the JSON value it holds.
export { META_KEYS, envelopeProblem } from './meta-envelope.ts';
export { howAnswered } from './how-answered.ts';
export { inputRoundTrip } from './input-round-trip.ts';
export { discoveryChecks } from './discovery-checks.ts';
export { reportedRuns, type ReportedRun } from './reported-runs.ts';
export { missingDiagnostics, type Diagnostic } from './diagnostics.ts';
export { parseCrash } from './parse-crash.ts';
export { initializeOf } from './initialize-of.ts';
export { printsValue } from './prints-value.ts';

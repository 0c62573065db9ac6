// The harness's one output format: newline-delimited JSON events. The CLI, the local
// runtime endpoint and the WebContainer runtime all carry exactly these objects, and the
// browser only renders them.
import { z } from 'zod';
import { FrameRecord } from '../wire/record.ts';

/** Which process a stream or exit belongs to: the learner's program or the reference peer. */
export const Source = z.enum(['learner', 'peer']);

/**
 * A piece of a check's message: plain text, or a mention of a frame that a page can link
 * (the workbench) and a test can read, without anyone re-parsing the words.
 */
export const MessagePart = z.union([
  z.string(),
  z.object({ frame: z.number().int().nonnegative(), text: z.string() }),
]);
export type MessagePart = z.infer<typeof MessagePart>;

export const CheckResult = z.object({
  id: z.string(),
  title: z.string(),
  /** Passed. False both for a failure and for a check that was not reached. */
  ok: z.boolean(),
  /**
   * Present, and false, only when the check had nothing to judge (e.g. no request was sent):
   * neither a pass nor a mistake of its own. Consumers that read only `ok` treat it as not
   * passed, which is the safe reading.
   */
  reached: z.literal(false).optional(),
  /**
   * Present, and true, for an ungraded check that only shows something: never a failure, so
   * `ok` is true too and consumers that read only `ok` count it as no obstacle.
   */
  info: z.literal(true).optional(),
  /** Learner-facing: what was expected, what was seen, as plain text (the CLI prints this). */
  message: z.string(),
  /** The same message in pieces, its frame mentions as data: the text of the parts is `message`. */
  parts: z.array(MessagePart),
  hint: z.string().optional(),
  /** The frame (seq) the message is about, when there is one. */
  frame: z.number().int().nonnegative().optional(),
  /**
   * In a check run with scenarios: the scenario whose session this result is about. Its frame
   * mentions are that session's frames, shown only when it is the session on screen (see the
   * `session` event).
   */
  scenario: z.string().optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

export const HarnessEvent = z.discriminatedUnion('type', [
  FrameRecord.extend({ type: z.literal('frame') }),
  z.object({ type: z.literal('stdout'), source: Source, text: z.string() }),
  z.object({ type: z.literal('stderr'), source: Source, text: z.string() }),
  z.object({
    type: z.literal('exit'),
    source: Source,
    code: z.number().int().nullable(),
    signal: z.string().nullable(),
  }),
  /**
   * A check run with scenarios (exercise.json run.scenarios) runs one session per scenario.
   * Before the first session's events, which stream live, comes this event with `replaces`
   * false. When a later session's failure decides the verdict, this event comes again with
   * `replaces` true, followed by that session's frames, output and exits: a page drops what it
   * showed of the earlier session and shows these instead, so the frames a failing check
   * names are the frames on screen. `note` says so in words for a terminal.
   */
  z.object({
    type: z.literal('session'),
    /** The scenario's name. */
    scenario: z.string(),
    /** Its place among the run's scenarios, from 0, and how many there are. */
    index: z.number().int().nonnegative(),
    of: z.number().int().positive(),
    replaces: z.boolean(),
    note: z.string(),
  }),
  CheckResult.extend({ type: z.literal('check') }),
  z.object({
    type: z.literal('done'),
    /** Why the run ended: see Verdict in check.ts. */
    verdict: z.enum(['completed', 'timeout', 'output-limit', 'memory-limit', 'crashed', 'error']),
    passed: z.boolean().optional(),
    summary: z.string(),
    /**
     * Processes other than the program that still ran when the run ended and had to be
     * killed (a server never closed, a detached grandchild). Absent from older harnesses.
     */
    killed: z.number().int().nonnegative().optional(),
    /** A check run's seed (see RunOptions.seed): the same seed runs the same check again. */
    seed: z.number().int().nonnegative().optional(),
    /**
     * The learner's files that stopped the run before it started (Summary.refused): each
     * place and construct of TypeScript Node's type stripping cannot run.
     */
    refused: z
      .array(
        z.object({
          file: z.string(),
          line: z.number().int(),
          column: z.number().int(),
          message: z.string(),
          construct: z.string().optional(),
        }),
      )
      .optional(),
    /** How the program ended (Summary.ending), for a starter that words the ending itself. */
    ending: z
      .object({
        timeoutMs: z.number(),
        exit: z
          .object({ code: z.number().int().nullable(), signal: z.string().nullable() })
          .nullable(),
        program: z.enum(['learner', 'reference']),
      })
      .optional(),
  }),
]);
export type HarnessEvent = z.infer<typeof HarnessEvent>;

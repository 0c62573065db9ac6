// exercise.json: what an exercise is made of and how the harness runs it. Authors write this
// by hand, so every error names the file and the field.
import { z } from 'zod';
import { INSIDE_FOLDER_RULE, isInsideFolder } from './editable.ts';

const relativeFile = z.string().min(1).refine(isInsideFolder, { message: INSIDE_FOLDER_RULE });

export const PeerSpec = z.discriminatedUnion('kind', [
  /** The Paper Trail server from sandbox/paper-trail, over stdio. */
  z.object({ kind: z.literal('paper-trail') }),
  /** Paper Trail over streamable HTTP behind the recording proxy; "{peer}" becomes its URL. */
  z.object({
    kind: z.literal('paper-trail-http'),
    /** Paper Trail's own flags after --http (e.g. --resumable); a check run adds --seed. */
    flags: z.array(z.string()).optional(),
  }),
  /** Paper Trail v2 (sandbox/paper-trail-v2, 2026-07-28 and 2025-11-25) over stdio. */
  z.object({
    kind: z.literal('paper-trail-v2'),
    /** Paper Trail v2's own stdio flags (e.g. --undelivered); a check run adds --seed. */
    flags: z.array(z.string()).optional(),
  }),
  /** A file of the exercise run with node (e.g. the learner's server). */
  z.object({ kind: z.literal('file'), file: relativeFile }),
]);
export type PeerSpec = z.infer<typeof PeerSpec>;

/**
 * One session of a check run: its name (shown to the learner when it decides the verdict) and
 * the flags its Paper Trail gets after the peer's own, pinning one branch of the server's
 * behaviour (e.g. `--pace rushed`). A check runs every scenario and passes only when every
 * check passes in each; the seed still varies the data inside them (scenarios.ts).
 */
export const Scenario = z
  .object({
    name: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case, like "rushed" or "drop-after-1"'),
    flags: z.array(z.string().min(1)),
  })
  .strict();
export type Scenario = z.infer<typeof Scenario>;

const Scenarios = z
  .array(Scenario)
  .min(2, 'needs at least two scenarios: one is the peer\'s flags, which go in "peer"')
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, {
    message: 'every scenario needs a name of its own',
  });

/** The longest a run may take, in exercise.json and on any command line that overrides it. */
export const MAX_TIMEOUT_MS = 120_000;

export const ExerciseMeta = z
  .object({
    title: z.string().min(1),
    /** Its place among its lesson's exercises, when the lesson has more than one. */
    order: z.number().int().positive().optional(),
    summary: z.string().min(1),
    files: z.object({
      /** Files the learner edits; a workspace folder overrides exactly these. */
      editable: z.array(relativeFile).min(1),
      /** Files shown read-only (reference client, driver, shared types). */
      reference: z.array(relativeFile).default([]),
    }),
    run: z
      .object({
        /** The program the harness starts, relative to the work folder; run as `node <program>`. */
        program: relativeFile,
        /** Its arguments; the token "{peer}" expands to the tapped peer command. */
        args: z.array(z.string()).default(['{peer}']),
        peer: PeerSpec,
        /** Which side is the learner's code: the program started, or the peer it talks to. */
        learner: z.enum(['program', 'peer']).default('program'),
        timeoutMs: z.number().int().positive().max(MAX_TIMEOUT_MS).default(10_000),
        /** Check runs only: the sessions a check runs side by side (see Scenario). */
        scenarios: Scenarios.optional(),
      })
      .refine((run) => run.scenarios === undefined || run.peer.kind !== 'file', {
        message: 'scenarios pass flags to Paper Trail; a "file" peer takes none',
        path: ['scenarios'],
      }),
    /** How a learner runs it by hand, shown on the exercise page. */
    howToRun: z.string().min(1),
    hints: z.array(z.string().min(1)).min(1),
  })
  .strict();
export type ExerciseMeta = z.infer<typeof ExerciseMeta>;

// exercise.json: what an exercise is made of and how the harness runs it. Authors write this
// by hand, so every error names the file and the field.
import { z } from 'zod';
import { INSIDE_FOLDER_RULE, isInsideFolder } from './editable.ts';
import { knownServer, SERVER_NAMES, TRANSPORTS } from './servers.ts';

const relativeFile = z.string().min(1).refine(isInsideFolder, { message: INSIDE_FOLDER_RULE });

const KNOWN_LIST = SERVER_NAMES.map((n) => `"${n}"`).join(', ');
/** The end of a message about a value that is wrong, or missing. */
const got = (input: unknown) =>
  input === undefined ? '; it is missing' : `; got ${JSON.stringify(input)}`;

/** Which server: a known one by name, or a file of the exercise run with node (the learner's). */
const ServerSpec = z.union(
  [
    z.enum(SERVER_NAMES),
    z.strictObject(
      { file: relativeFile },
      { error: () => 'takes only "file": { "file": "server.ts" }' },
    ),
  ],
  {
    error: (issue) =>
      `must be one of ${KNOWN_LIST}, or { "file": "server.ts" } for a file of the exercise ` +
      `(the learner's server)${got(issue.input)}`,
  },
);

/**
 * The peer the program talks to, alike for every server: which server, over which transport,
 * and the server's own flags (a check run adds its scenario's flags and --seed after them).
 * Over stdio "{peer}" becomes a command that reaches the server; over HTTP, the URL of the
 * recording proxy in front of it.
 */
export const PeerSpec = z
  .strictObject(
    {
      server: ServerSpec,
      transport: z.enum(TRANSPORTS, {
        error: (issue) => `must be "stdio" or "http"${got(issue.input)}`,
      }),
      /** The server's own flags (e.g. ["--resumable"]); after them come a scenario's and --seed. */
      flags: z.array(z.string().min(1)).default([]),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `a peer is { "server", "transport", "flags" }; ${issue.keys.map((k) => `"${k}"`).join(', ')} is not part of it`
          : undefined,
    },
  )
  .superRefine((peer, ctx) => {
    if (typeof peer.server === 'object') {
      if (peer.transport !== 'stdio') {
        ctx.addIssue({
          code: 'custom',
          path: ['transport'],
          message: `a file of the exercise (${peer.server.file}) runs over "stdio" only; "http" is for a known server that serves it`,
        });
      }
      if (peer.flags.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['flags'],
          message: `a file of the exercise (${peer.server.file}) is started without flags; leave "flags" out`,
        });
      }
      return;
    }
    const { transports } = knownServer(peer.server);
    if (!transports.includes(peer.transport)) {
      ctx.addIssue({
        code: 'custom',
        path: ['transport'],
        message: `"${peer.server}" serves a harness over ${transports.map((t) => `"${t}"`).join(' or ')} only; got "${peer.transport}"`,
      });
    }
  });
export type PeerSpec = z.infer<typeof PeerSpec>;

/**
 * One session of a check run: its name (shown to the learner when it decides the verdict) and
 * the flags its peer's server gets after the peer's own, pinning one branch of the server's
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
      .refine((run) => run.scenarios === undefined || typeof run.peer.server === 'string', {
        message: "scenarios pass flags to the peer's server; a file of the exercise takes none",
        path: ['scenarios'],
      }),
    /** How a learner runs it by hand, shown on the exercise page. */
    howToRun: z.string().min(1),
    hints: z.array(z.string().min(1)).min(1),
  })
  .strict();
export type ExerciseMeta = z.infer<typeof ExerciseMeta>;

/** The file of the exercise the peer runs with node (the learner's server), if it is one. */
export function peerFile(peer: PeerSpec): string | undefined {
  return typeof peer.server === 'object' ? peer.server.file : undefined;
}

// The local runtime endpoint, mounted by the Astro dev server (through the workbench
// integration) and by the workshop server. It runs the same harness CLI the tests and CI
// use, on this machine's Node, and streams its NDJSON events back unchanged.
//   GET  /__runtime/token  → {"token": "..."} for same-origin script (see security.ts)
//   POST /__runtime/ping   → {"node": "v24..."}: lets the page confirm the token works
//   POST /__runtime/run    {exercise, mode, files} → application/x-ndjson HarnessEvents
//   POST /__runtime/console {program} → the same, for a console session (console-run.ts)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { EXERCISE_ID_RULE, exerciseIdSchema } from '../../exercises/ids.ts';
import { checkRunRequest, checkTokenRequest, type Gate, type Verdict } from './security.ts';
import { NotEditableError } from '../../exercises/editable.ts';
import { friendlyLines } from '../../input/friendly-errors.ts';
import { consoleWorkspace, prepareWorkspace, removeWorkspace } from './workspace.ts';
import { CONSOLE_FLAG, CONSOLE_LIMITS } from '../../harness/console-limits.ts';
import { BodyError, readBody } from './request-body.ts';
import { spawnHarness, startHarnessRun, type HarnessRun } from './harness-run.ts';
import { StandbyHarness } from './standby.ts';
import { newNonce } from './signed-events.ts';
import { defaultWorkRoot, loadExercise } from '../../exercises/loader.ts';

import { RUNTIME_PREFIX } from '../shared/local-protocol.ts';
export { RUNTIME_PREFIX };

export interface EndpointOptions {
  gate: Gate;
  /** Where the exercises are: the checkout (its lessons hold them). */
  exercisesRoot: string;
  /** Path of sandbox/harness/main.ts (tests point it at a harness that misbehaves). */
  harnessMain: string;
  /** Passed to the harness as --timeout-ms. */
  timeoutMs?: number;
  /** Runs allowed at once; more get 429 (a classroom laptop, not a build farm). */
  maxConcurrent?: number;
  /**
   * Keep a harness started ahead of the next run (standby.ts), from the page's first ping
   * on. For a server whose course and engine do not change while it runs.
   */
  standby?: boolean | { takenWithinMs: number };
  /** How long past its limit a run may go before its harness is ended from outside (tests). */
  overdueGraceMs?: number;
}

/** The request handler, plus a way to end every run for a server that is shutting down. */
export interface RuntimeEndpoint {
  /** Handles requests under /__runtime/; returns false for any other path. */
  (req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Refuses new runs, stops the running ones (their harnesses end the learner's processes)
   * and resolves once each has exited and its work folder is gone.
   */
  stopAll(reason: string): Promise<void>;
}

const RunBody = z.object({
  exercise: exerciseIdSchema({
    missing: 'exercise is required',
    wrong: `exercise must be an exercise id, ${EXERCISE_ID_RULE}`,
  }),
  mode: z.enum(['run', 'check']),
  files: z.record(z.string(), z.string().max(256 * 1024)),
});
type RunRequest = z.infer<typeof RunBody>;

const ConsoleBody = z.object({
  program: z.string({ error: 'program is required' }).max(256 * 1024),
});

export function createRuntimeEndpoint(options: EndpointOptions): RuntimeEndpoint {
  const max = options.maxConcurrent ?? 4;
  // Each run with the promise that settles once it has exited and its folder is gone.
  const runs = new Map<HarnessRun, Promise<void>>();
  let stoppedBecause: string | undefined;
  const standby = options.standby
    ? new StandbyHarness(
        process.execPath,
        options.harnessMain,
        typeof options.standby === 'object' ? options.standby.takenWithinMs : undefined,
      )
    : undefined;

  // A slot is taken only once the whole body is in: a client that sends headers and then
  // nothing holds a socket for BODY_DEADLINE_MS, never a run.
  async function acceptRun(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readRunRequest(req, res, RunBody, 'run request');
    if (!body) return;
    if (!roomForRun(res)) return;
    let workspace: string;
    try {
      workspace = prepareWorkspace(options.exercisesRoot, body.exercise, body.files);
    } catch (err) {
      const status = err instanceof NotEditableError ? 400 : 404;
      sendJson(res, status, { error: (err as Error).message });
      return;
    }
    // The run's limit, held from outside too (a harness stopped or stuck never ends it).
    const limitMs =
      options.timeoutMs ?? loadExercise(options.exercisesRoot, body.exercise).meta.run.timeoutMs;
    await startRun(res, harnessArgs(options, body, workspace), workspace, limitMs);
  }

  // A console session reads no exercise, so no exercise's edit or absence can break it.
  async function acceptConsole(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readRunRequest(req, res, ConsoleBody, 'console request');
    if (!body) return;
    if (!roomForRun(res)) return;
    const workspace = consoleWorkspace(body.program);
    const args = [
      CONSOLE_FLAG,
      '--workspace',
      workspace,
      '--exercises-root',
      options.exercisesRoot,
    ];
    await startRun(res, args, workspace, CONSOLE_LIMITS.timeoutMs);
  }

  /** False once a refusal has been sent: the server is stopping, or runs fill every slot. */
  function roomForRun(res: ServerResponse): boolean {
    if (stoppedBecause) {
      sendJson(res, 503, { error: `the server is shutting down (${stoppedBecause})` });
      return false;
    }
    if (runs.size >= max) {
      sendJson(res, 429, { error: 'too many runs at once; wait for one to finish' });
      return false;
    }
    return true;
  }

  /** Streams one harness run with these arguments into the answer, until it is over. */
  async function startRun(
    res: ServerResponse,
    args: string[],
    workspace: string,
    limitMs: number,
  ): Promise<void> {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
    const nonce = newNonce();
    const fresh = () => spawnHarness(process.execPath, [options.harnessMain, ...args], nonce);
    const run = startHarnessRun(
      // A standby reads its arguments on stdin: the nonce can go with them.
      standby ? standby.take([...args, `--nonce=${nonce}`]).then((c) => c ?? fresh()) : fresh(),
      res,
      {
        limitMs,
        workRoot: defaultWorkRoot(options.exercisesRoot),
        graceMs: options.overdueGraceMs,
      },
      nonce,
    );
    const over = run.finished.finally(() => {
      runs.delete(run);
      removeWorkspace(workspace);
      // The next one starts once this run is over, not beside it on a busy machine.
      standby?.warm();
    });
    runs.set(run, over);
    // A closed tab or an aborted fetch stops the run; nothing keeps running unobserved.
    res.on('close', () => run.stop('the page stopped it or went away'));
    await over;
  }

  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith(RUNTIME_PREFIX)) return false;
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const route = `${req.method} ${url.pathname}`;

    if (route === 'GET /__runtime/token') {
      if (deny(res, checkTokenRequest(req, options.gate))) return true;
      sendJson(res, 200, { token: options.gate.token });
      return true;
    }
    if (route === 'POST /__runtime/ping') {
      if (deny(res, checkRunRequest(req, options.gate))) return true;
      sendJson(res, 200, { node: process.version });
      // The page pings when the learner starts the workbench: a run is coming.
      standby?.warm();
      return true;
    }
    if (route === 'POST /__runtime/run') {
      if (deny(res, checkRunRequest(req, options.gate))) return true;
      acceptRun(req, res).catch((err: unknown) => failRun(res, err));
      return true;
    }
    if (route === 'POST /__runtime/console') {
      if (deny(res, checkRunRequest(req, options.gate))) return true;
      acceptConsole(req, res).catch((err: unknown) => failRun(res, err));
      return true;
    }
    sendJson(res, 404, { error: `no such runtime route: ${route}` });
    return true;
  }

  return Object.assign(handle, {
    async stopAll(reason: string) {
      stoppedBecause = reason;
      const running = [...runs];
      for (const [run] of running) run.stop(reason);
      await Promise.all([...running.map(([, over]) => over), standby?.close()]);
    },
  });
}

/** The parsed body, or undefined once an error answer has been sent. */
async function readRunRequest<S extends typeof RunBody | typeof ConsoleBody>(
  req: IncomingMessage,
  res: ServerResponse,
  schema: S,
  what: string,
): Promise<z.infer<S> | undefined> {
  let text: string;
  try {
    text = await readBody(req);
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    // The rest of the body is not worth waiting for: answer, then drop the connection.
    res.setHeader('Connection', 'close');
    res.once('finish', () => req.socket.destroy());
    sendJson(res, err.status, { error: err.message });
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    sendJson(res, 400, { error: `request body is not JSON: ${(err as Error).message}` });
    return undefined;
  }
  // A plain object takes a file named "__proto__" for its prototype, and the schema's copy
  // would drop it without a word, where every other name that is not an editable file gets
  // a 400 naming it: name it here, in the same words.
  const files = (json as { files?: unknown } | null)?.files;
  if (typeof files === 'object' && files !== null && Object.hasOwn(files, '__proto__')) {
    const exercise = (json as { exercise?: unknown }).exercise;
    sendJson(res, 400, {
      error: `"__proto__" is not an editable file of ${typeof exercise === 'string' ? exercise : 'this exercise'}`,
    });
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    sendJson(res, 400, {
      error: friendlyLines(parsed.error, { file: what }).join('\n'),
    });
    return undefined;
  }
  return parsed.data as z.infer<S>;
}

/** The harness's arguments for a run, after its main file (a standby is handed these alone). */
function harnessArgs(options: EndpointOptions, body: RunRequest, workspace: string): string[] {
  const args = [
    '--exercise',
    body.exercise,
    '--workspace',
    workspace,
    '--mode',
    body.mode,
    '--exercises-root',
    options.exercisesRoot,
  ];
  if (options.timeoutMs) args.push('--timeout-ms', String(options.timeoutMs));
  return args;
}

// A bug in the endpoint must cost one answer, not the server (an unhandled rejection ends
// the Node process).
function failRun(res: ServerResponse, err: unknown): void {
  console.error('local runtime: a run request failed:', err);
  if (!res.headersSent) {
    sendJson(res, 500, { error: `the local runtime failed: ${(err as Error).message}` });
  } else if (!res.writableEnded) {
    const summary = `The local runtime failed during this run: ${(err as Error).message}`;
    res.end(JSON.stringify({ type: 'done', verdict: 'error', summary }) + '\n');
  }
}

function deny(res: ServerResponse, verdict: Verdict): boolean {
  if (verdict.ok) return false;
  sendJson(res, verdict.status, { error: verdict.message });
  return true;
}

function sendJson(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

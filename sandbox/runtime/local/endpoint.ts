// The local runtime endpoint, mounted by the Astro dev server (through the workbench
// integration) and by the workshop server. It runs the same harness CLI the tests and CI
// use, on this machine's Node, and streams its NDJSON events back unchanged.
//   GET  /__runtime/token  → {"token": "..."} for same-origin script (see security.ts)
//   POST /__runtime/ping   → {"node": "v24..."}: lets the page confirm the token works
//   POST /__runtime/run    {exercise, mode, files} → application/x-ndjson HarnessEvents
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { EXERCISE_ID_RULE, exerciseIdSchema } from '../../exercises/ids.ts';
import { checkRunRequest, checkTokenRequest, type Gate, type Verdict } from './security.ts';
import { NotEditableError } from '../../exercises/editable.ts';
import { friendlyLines } from '../../input/friendly-errors.ts';
import { prepareWorkspace, removeWorkspace } from './workspace.ts';
import { startHarnessRun } from './harness-run.ts';

import { RUNTIME_PREFIX } from './protocol.ts';
export { RUNTIME_PREFIX };

export interface EndpointOptions {
  gate: Gate;
  /** Folder holding exercises/<id>/. */
  exercisesRoot: string;
  /** Path of sandbox/harness/main.ts (tests point it at a harness that misbehaves). */
  harnessMain: string;
  /** Passed to the harness as --timeout-ms. */
  timeoutMs?: number;
  /** Runs allowed at once; more get 429 (a classroom laptop, not a build farm). */
  maxConcurrent?: number;
}

const MAX_BODY = 1024 * 1024;

const RunBody = z.object({
  exercise: exerciseIdSchema({
    missing: 'exercise is required',
    wrong: `exercise must be an exercise id, ${EXERCISE_ID_RULE}`,
  }),
  mode: z.enum(['run', 'check']),
  files: z.record(z.string(), z.string().max(256 * 1024)),
});

/** Handles requests under /__runtime/; returns false for any other path. */
export function createRuntimeEndpoint(options: EndpointOptions) {
  let running = 0;
  const max = options.maxConcurrent ?? 4;

  return function handle(req: IncomingMessage, res: ServerResponse): boolean {
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
      return true;
    }
    if (route === 'POST /__runtime/run') {
      if (deny(res, checkRunRequest(req, options.gate))) return true;
      if (running >= max) {
        sendJson(res, 429, { error: 'too many runs at once; wait for one to finish' });
        return true;
      }
      running++;
      void run(req, res, options).finally(() => running--);
      return true;
    }
    sendJson(res, 404, { error: `no such runtime route: ${route}` });
    return true;
  };
}

async function run(req: IncomingMessage, res: ServerResponse, options: EndpointOptions) {
  let text: string;
  try {
    text = await readBody(req);
  } catch (err) {
    res.setHeader('Connection', 'close');
    sendJson(res, 413, { error: (err as Error).message });
    return;
  }
  let body: z.infer<typeof RunBody>;
  try {
    const parsed = RunBody.safeParse(JSON.parse(text));
    if (!parsed.success) {
      sendJson(res, 400, {
        error: friendlyLines(parsed.error, { file: 'run request' }).join('\n'),
      });
      return;
    }
    body = parsed.data;
  } catch (err) {
    sendJson(res, 400, { error: `request body is not JSON: ${(err as Error).message}` });
    return;
  }

  let workspace: string;
  try {
    workspace = prepareWorkspace(options.exercisesRoot, body.exercise, body.files);
  } catch (err) {
    const status = err instanceof NotEditableError ? 400 : 404;
    sendJson(res, status, { error: (err as Error).message });
    return;
  }

  res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
  const args = [
    options.harnessMain,
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
  const harness = startHarnessRun(process.execPath, args, res);
  // A closed tab or an aborted fetch stops the run; nothing keeps running unobserved.
  res.on('close', () => harness.stop('the page stopped it or went away'));
  try {
    await harness.finished;
  } finally {
    removeWorkspace(workspace);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => {
      size += b.length;
      if (size > MAX_BODY) {
        // Stop reading; the 413 goes out and the connection closes after it.
        req.removeAllListeners('data');
        req.resume();
        reject(new Error('request body over 1 MiB'));
        return;
      }
      parts.push(b);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
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

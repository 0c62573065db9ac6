// `npm run --silent new -- capture <name>`
// Starts a capture session: sandbox/capture/sessions/<name>.ts from
// templates/capture-session.ts.template, registered in sandbox/capture/captures.ts so that
// `npm run capture` records lessons/captures/<name>.jsonl. Every refusal happens before
// anything is written, and a failure while writing puts everything back.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { z } from 'zod';
import { isLessonSlug } from '../sandbox/exercises/ids.ts';
import { NewError } from './new-exercise.ts';

export const CAPTURE_USAGE = `usage: npm run --silent new -- capture <name>

  <name>      kebab-case capture name, e.g. order-lookup (writes
              sandbox/capture/sessions/order-lookup.ts; npm run capture records
              lessons/captures/order-lookup.jsonl)`;

const MAX_NAME = 64;

export const captureNameSchema = z
  .string({ error: 'a capture name is required, e.g. order-lookup' })
  .refine((name) => isLessonSlug(name) && name.length <= MAX_NAME, {
    error: `the capture name must be kebab-case (lower-case words joined by "-", at most ${MAX_NAME} characters), e.g. order-lookup`,
  });

export const CaptureArgs = z.object({
  name: captureNameSchema,
  title: z.never({ error: '--title is for lessons and exercises, not captures' }).optional(),
  lesson: z.never({ error: '--lesson is for exercises, not captures' }).optional(),
});

export interface CapturePaths {
  repo: string;
  /** sandbox/capture/ (the list and the sessions folder). */
  captureDir: string;
  /** lessons/captures/ (where the recorded files go). */
  capturesOut: string;
}

/** The variable a session's `capture` is imported as: order-lookup → captureOrderLookup. */
function variableFor(name: string): string {
  return 'capture' + name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** Whether the captures list already names a capture file called `<name>.jsonl`. */
export function listNames(list: string, name: string): boolean {
  return list.includes(`file: '${name}.jsonl'`);
}

/** The list with the session's import and its entry (last in CAPTURES) added. */
export function addToCaptureList(list: string, name: string): string {
  const lines = list.split('\n');
  const spec = lines.findIndex((l) => l.startsWith('export interface CaptureSpec'));
  const start = lines.findIndex((l) => l.startsWith('export const CAPTURES'));
  const end = lines.findIndex((l, i) => i > start && l === '];');
  if (spec === -1 || start === -1 || end === -1) {
    throw new NewError('sandbox/capture/captures.ts has no CaptureSpec and CAPTURES list', 1);
  }
  const variable = variableFor(name);
  const out = [...lines];
  out.splice(end, 0, `  { file: '${name}.jsonl', run: ${variable} },`);
  out.splice(spec, 0, `import { capture as ${variable} } from './sessions/${name}.ts';`, '');
  return out.join('\n');
}

/** The reasons `name` cannot be a new capture (empty when it can). */
export function captureTaken(name: string, paths: CapturePaths): string[] {
  const list = readFileSync(join(paths.captureDir, 'captures.ts'), 'utf8');
  const session = join(paths.captureDir, 'sessions', `${name}.ts`);
  const problems: string[] = [];
  if (listNames(list, name)) {
    problems.push(`a capture called "${name}" is already in sandbox/capture/captures.ts`);
  }
  if (existsSync(session)) problems.push(`${session} exists already`);
  if (existsSync(join(paths.capturesOut, `${name}.jsonl`))) {
    problems.push(`lessons/captures/${name}.jsonl exists already`);
  }
  return problems;
}

/** Writes the session script and registers it; returns the script's path. */
export async function newCapture(name: string, paths: CapturePaths): Promise<string> {
  const taken = captureTaken(name, paths);
  if (taken.length > 0) throw new NewError(`${taken.join('; ')}; choose another name`, 1);

  const listFile = join(paths.captureDir, 'captures.ts');
  const before = readFileSync(listFile, 'utf8');
  const config = (await prettier.resolveConfig(listFile)) ?? {};
  const list = await prettier.format(addToCaptureList(before, name), {
    ...config,
    filepath: listFile,
  });
  const template = readFileSync(
    join(paths.repo, 'templates', 'capture-session.ts.template'),
    'utf8',
  );
  const session = template.replaceAll('{{name}}', name);
  const sessions = join(paths.captureDir, 'sessions');
  const target = join(sessions, `${name}.ts`);
  try {
    mkdirSync(sessions, { recursive: true });
    writeFileSync(target, session, { flag: 'wx' });
    writeFileSync(listFile, list);
  } catch (err) {
    rmSync(target, { force: true });
    writeFileSync(listFile, before);
    throw new NewError(`could not write the capture session: ${(err as Error).message}`, 1);
  }
  return target;
}

// The console's run: a program the page wrote, started as a client of a fresh Paper Trail
// on stdio behind the same tap as any exercise, in Paper Trail's run mode (fixed data,
// whole reads), and never judged. It belongs to no exercise, so editing or removing one
// cannot break it; its limits are its own, fitted to a person typing lines, not to a
// program finishing an exercise.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Verdict } from '../contract/check.ts';
import type { HarnessEvent } from '../contract/events.ts';
import { execute, type SessionOptions, type SessionSubject } from './session.ts';
import { claimWorkFolder } from './work-folder.ts';
import { notify } from './notices.ts';
import { CONSOLE_LIMITS, CONSOLE_PROGRAM } from './console-limits.ts';
import { atExit } from './at-exit.ts';

export { CONSOLE_FLAG } from './console-limits.ts';

const SUBJECT: SessionSubject = {
  id: 'console',
  meta: {
    run: {
      program: CONSOLE_PROGRAM,
      args: ['{peer}'],
      peer: { server: 'paper-trail', transport: 'stdio', flags: [] },
      learner: 'program',
      timeoutMs: CONSOLE_LIMITS.timeoutMs,
    },
  },
};

export interface ConsoleOptions extends Pick<SessionOptions, 'relay' | 'connector' | 'servers'> {
  /** Folder holding the page's console.mjs. */
  workspace: string;
  /** Where the fresh work folder goes. */
  workRoot: string;
  /** Tighter limits than the console's own (tests). */
  limits?: Partial<ConsoleLimits>;
}

type ConsoleLimits = { -readonly [K in keyof typeof CONSOLE_LIMITS]: number };

/** Runs one console session, emitting its events and ending with `done`. */
export async function runConsole(
  options: ConsoleOptions,
  emit: (e: HarnessEvent) => void,
): Promise<void> {
  const workRoot = resolve(options.workRoot);
  mkdirSync(workRoot, { recursive: true });
  const work = claimWorkFolder(workRoot, SUBJECT.id);
  notify({ folder: work });
  const removeWork = (): void => rmSync(work, { recursive: true, force: true });
  const releaseWork = atExit(removeWork);
  try {
    copyFileSync(join(resolve(options.workspace), CONSOLE_PROGRAM), join(work, CONSOLE_PROGRAM));
    let idled = false;
    const limits: ConsoleLimits = { ...CONSOLE_LIMITS, ...options.limits };
    const record = await execute(
      SUBJECT,
      work,
      {
        timeoutMs: limits.timeoutMs,
        maxOutputBytes: limits.maxOutputBytes,
        maxFrameBytes: limits.maxFrameBytes,
        idle: { ms: limits.idleMs, onStop: () => (idled = true) },
        relay: options.relay,
        connector: options.connector,
        servers: options.servers,
      },
      emit,
    );
    emit({
      type: 'done',
      verdict: record.verdict,
      summary: consoleSummary(record.verdict, idled, limits),
      killed: record.killed,
      ending: { timeoutMs: record.timeoutMs, exit: record.program.exit, program: 'learner' },
    });
  } catch (err) {
    emit({ type: 'done', verdict: 'error', summary: `harness error: ${(err as Error).message}` });
  } finally {
    releaseWork();
    removeWork();
  }
}

function consoleSummary(verdict: Verdict, idled: boolean, limits: ConsoleLimits): string {
  switch (verdict) {
    case 'completed':
      return 'the session finished';
    case 'timeout':
      return idled
        ? `the session was stopped after ${seconds(limits.idleMs)} with nothing on the wire`
        : `the session was stopped at its ${seconds(limits.timeoutMs)} limit`;
    case 'output-limit':
      return 'the session was stopped for writing too much output';
    case 'memory-limit':
      return 'the session was stopped at its memory limit';
    case 'crashed':
      return 'the console program exited with an error';
    case 'error':
      return 'the harness could not run the session';
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

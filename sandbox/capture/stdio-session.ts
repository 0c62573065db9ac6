// The scripted stdio session: spawn the real Paper Trail, write raw lines to its stdin and
// read raw lines from its stdout, recording every line byte for byte as it passes.
import { spawn } from 'node:child_process';
import { paperTrailCommand } from '../paper-trail/index.ts';
import { Recorder } from './recorder.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

const REPLY_TIMEOUT_MS = 15_000;

/** A live stdio session with Paper Trail whose every line is recorded as it passes. */
interface StdioSession {
  /** Writes one line (a notification or a stray line) without waiting for anything. */
  send(line: string): void;
  /** Writes one request and waits for its reply. */
  request(line: string): Promise<void>;
  /**
   * Writes several requests in a single write, so they reach the server in one read and are
   * in flight together, then waits for every reply (in whatever order they come).
   */
  together(lines: string[]): Promise<void>;
}

async function runStdioSession(steps: (session: StdioSession) => Promise<void>) {
  const { command, args } = paperTrailCommand();
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  // 'close', not 'exit': it waits for stderr to be fully read, so the sidecar is complete.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  const recorder = new Recorder('stdio');
  const seenIds = new Set<unknown>();
  let waiter: (() => void) | undefined;
  let pending = '';
  let stderr = '';

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      recorder.add('s2c', line);
      try {
        seenIds.add((JSON.parse(line) as { id?: unknown }).id);
      } catch {
        // A non-JSON stdout line is recorded as-is; it simply answers nothing.
      }
    }
    waiter?.();
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));

  const idOf = (line: string) => (JSON.parse(line) as { id: unknown }).id;
  const waitFor = async (ids: unknown[]) => {
    const deadline = Date.now() + REPLY_TIMEOUT_MS;
    while (!ids.every((id) => seenIds.has(id))) {
      if (Date.now() > deadline) {
        const missing = ids.filter((id) => !seenIds.has(id)).map(String);
        throw new Error(`stdio: no reply to id ${missing.join(', ')}; stderr: ${stderr}`);
      }
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  const session: StdioSession = {
    send(line) {
      recorder.add('c2s', line);
      child.stdin.write(`${line}\n`);
    },
    // Waiting for each reply before the next request keeps the frame order deterministic.
    async request(line) {
      session.send(line);
      await waitFor([idOf(line)]);
    },
    async together(lines) {
      for (const line of lines) recorder.add('c2s', line);
      child.stdin.write(lines.map((line) => `${line}\n`).join(''));
      await waitFor(lines.map(idOf));
    },
  };

  try {
    await steps(session);
  } finally {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  return { frames: recorder.finish(), stderr };
}

export function captureStdioSession(): Promise<CaptureResult> {
  return runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.request(script.toolsList);
    await session.request(script.orderFound);
    await session.request(script.orderMissing);
    await session.request(script.unknownMethod);
    await session.request(script.unknownTool);
    // The stray line gets no reply at all; the ping right after shows the server carried on.
    session.send(script.strayLine);
    await session.request(script.ping);
  });
}

/**
 * Two calls in flight at once: both requests leave in one write and the server answers
 * each as soon as it is done, so the replies may come back in the other order (with SDK
 * 1.32.2 the PT-9999 reply comes first; `--check` notices if that ever changes). Replies
 * pair with requests by id, not by position.
 */
export async function captureStdioPipelined(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.together([script.orderFound, script.orderMissing]);
  });
  return { frames };
}

// The scripted stdio session: spawn the real Paper Trail, write raw lines to its stdin and
// read raw lines from its stdout, recording every line byte for byte as it passes.
import { spawn } from 'node:child_process';
import { paperTrailCommand } from '../paper-trail/index.ts';
import { Recorder } from './recorder.ts';
import type { CaptureResult } from './types.ts';
import * as script from './script.ts';

const REPLY_TIMEOUT_MS = 15_000;

export async function captureStdioSession(): Promise<CaptureResult> {
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

  const send = (line: string) => {
    recorder.add('c2s', line);
    child.stdin.write(`${line}\n`);
  };
  // Waiting for each reply before the next request keeps the frame order deterministic.
  const request = async (line: string) => {
    const id = (JSON.parse(line) as { id: unknown }).id;
    send(line);
    const deadline = Date.now() + REPLY_TIMEOUT_MS;
    while (!seenIds.has(id)) {
      if (Date.now() > deadline)
        throw new Error(`stdio: no reply to id ${String(id)}; stderr: ${stderr}`);
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 100);
      });
    }
  };

  try {
    await request(script.initialize);
    send(script.initialized);
    await request(script.toolsList);
    await request(script.orderFound);
    await request(script.orderMissing);
    await request(script.unknownMethod);
    await request(script.unknownTool);
    // The stray line gets no reply at all; the ping right after shows the server carried on.
    send(script.strayLine);
    await request(script.ping);
  } finally {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  return { frames: recorder.finish(), stderr };
}

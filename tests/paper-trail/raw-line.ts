// A deliberately dumb stdio client for tests: raw lines in, raw lines out, no SDK involved.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';

export interface RawPeer {
  child: ChildProcessWithoutNullStreams;
  /** Every complete stdout line so far. */
  lines: string[];
  stderr(): string;
  send(line: string): void;
  /** Resolves with the first stdout line whose JSON has this id. */
  reply(id: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export function spawnRaw(extraArgs: string[] = []): RawPeer {
  const { command, args } = paperTrailCommand(extraArgs);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let pending = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop()!;
    lines.push(...parts);
    waiters.splice(0).forEach((wake) => wake());
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const find = (id: number) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((m) => m.id === id);

  return {
    child,
    lines,
    stderr: () => stderr,
    send: (line) => child.stdin.write(`${line}\n`),
    async reply(id) {
      for (;;) {
        const found = find(id);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

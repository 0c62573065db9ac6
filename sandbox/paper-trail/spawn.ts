// Start Paper Trail as a real child process over HTTP and learn its URL from the stderr
// line it prints; used by capture, tests and anyone who needs a live server to talk to.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { paperTrailCommand } from './command.ts';

export interface SpawnedHttpServer {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** SIGTERM, then SIGKILL if it lingers; resolves once the process has exited. */
  stop(): Promise<void>;
}

// Paper Trail v2 (sandbox/paper-trail-v2) prints the same line under its own name.
const LISTENING = /paper-trail(?:-v2)? listening on (http:\/\/\S+)/;

export async function spawnPaperTrailHttp(
  options: {
    jsonResponse?: boolean;
    timeoutMs?: number;
    flags?: string[];
    /** Another build's command line (paperTrailV2Command); the v1 server when absent. */
    commandFor?: (extraArgs: string[]) => { command: string; args: string[] };
  } = {},
): Promise<SpawnedHttpServer> {
  const extra = [
    '--http',
    '--port',
    '0',
    ...(options.jsonResponse ? ['--json-response'] : []),
    ...(options.flags ?? []),
  ];
  const { command, args } = (options.commandFor ?? paperTrailCommand)(extra);
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`paper-trail did not report its URL in time; stderr: ${stderr}`));
    }, options.timeoutMs ?? 15_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      const match = LISTENING.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`paper-trail exited with ${code} before listening; stderr: ${stderr}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { url, child, stderr: () => stderr, stop };
}

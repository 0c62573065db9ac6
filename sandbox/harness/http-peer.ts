// Paper Trail over streamable HTTP as the reference peer, with the recording proxy in front:
// the program under test is given the proxy's URL and never learns the server's own.
import { spawn } from 'node:child_process';
import type { FrameRecord } from '../wire/record.ts';
import { startHttpTap } from '../tap/http-tap.ts';
import { groupAlive } from './procs.ts';

export interface HttpPeer {
  url: string;
  /** Close the proxy and end the server's process group; resolves when both are gone. */
  stop(): Promise<{ code: number | null; signal: string | null }>;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/;

export async function startHttpPeer(
  server: { command: string; args: string[] },
  onFrame: (frame: Omit<FrameRecord, 'seq' | 't'> & { at: number }) => void,
  onStderr: (text: string) => void,
  timeoutMs: number,
): Promise<HttpPeer> {
  const child = spawn(server.command, [...server.args, '--http', '--port', '0'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exit: { code: number | null; signal: string | null } = { code: null, signal: null };
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const kill = (): void => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.on('exit', kill);

  let seen = '';
  const target = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the HTTP server did not say where it listens')),
      timeoutMs,
    );
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      onStderr(text);
      seen += text;
      const m = LISTENING.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', () => reject(new Error(`the HTTP server exited before listening: ${seen}`)));
  }).catch((err: Error) => {
    kill();
    process.off('exit', kill);
    throw err;
  });

  const tap = await startHttpTap({ target, onFrame });
  return {
    url: tap.url,
    async stop() {
      await tap.close();
      kill();
      await exited;
      for (let i = 0; i < 100 && child.pid && groupAlive(child.pid); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      process.off('exit', kill);
      return exit;
    },
  };
}

// Paper Trail over streamable HTTP as the reference peer, with the recording proxy in front:
// the program under test is given the proxy's URL and never learns the server's own.
import type { FrameRecord } from '../wire/record.ts';
import { startHttpTap } from '../tap/http-tap.ts';
import { ProcessGroup } from './process-group.ts';
import { notify } from './notices.ts';

export interface HttpPeer {
  url: string;
  /** Passes what the program printed on to the server's stdin (for --await-printed). */
  printed(chunk: Buffer): void;
  /** Close the proxy and end the server's process group; resolves when both are gone. */
  stop(): Promise<{ code: number | null; signal: string | null }>;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/;

export async function startHttpPeer(
  server: { command: string; args: string[] },
  onFrame: (frame: Omit<FrameRecord, 'seq' | 't'> & { at: number }) => void,
  onStderr: (text: string) => void,
  timeoutMs: number,
  /** A check run's seed when the learner's client reads the stream: the tap reshapes SSE. */
  reshapeSeed?: number,
  /** How much of one body the tap keeps (the run's frame budget: more ends the run anyway). */
  maxBodyBytes?: number,
): Promise<HttpPeer> {
  // Its stdin takes the program's stdout: --await-printed reads there what the client printed.
  const group = new ProcessGroup(
    server.command,
    [...server.args, '--http', '--port', '0'],
    undefined,
    undefined,
    { stdin: true },
  );
  if (group.child.pid) notify({ group: group.child.pid });
  const { child } = group;
  // Paper Trail says where it listens on stderr; its stdout has nothing to tell.
  child.stdout.resume();
  let exit: { code: number | null; signal: string | null } = { code: null, signal: null };
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );

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
    group.kill();
    group.release();
    throw err;
  });

  const tap = await startHttpTap({ target, onFrame, reshapeSeed, maxBodyBytes });
  return {
    url: tap.url,
    printed(chunk) {
      if (group.stdin?.writable) group.stdin.write(chunk);
    },
    async stop() {
      await tap.close();
      group.kill();
      await exited;
      await group.untilGone();
      group.release();
      return exit;
    },
  };
}

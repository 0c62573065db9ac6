// The checker's driver (read-only): runs your port against Paper Trail v2, then your lesson-2
// client against Paper Trail v2 started with --legacy reject, a server that speaks 2026-07-28
// only. Lines starting with @@ tell the checker which frames belong to which run; the rest of
// stdout is your port's.
// Run: node drive.ts <server command> [args...]
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const peer = process.argv.slice(2);
/** How long the lesson-2 client may take before it is stopped: it may wait forever. */
const LESSON_2_MS = 6000;
// Where Node cannot strip types, every .ts here runs as its .js twin, this file included.
const asJs = import.meta.url.endsWith('.js');
const nodeArgs = asJs ? ['--enable-source-maps'] : [];
const here = (name: string): string =>
  fileURLToPath(new URL(asJs ? name.replace(/\.ts$/, '.js') : name, import.meta.url));

function report(tag: string, value: object): void {
  process.stdout.write(`@@${tag} ${JSON.stringify(value)}\n`);
}
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );

// Your port, writing to this program's own stdout and stderr: what it prints is checked.
const port = spawn(process.execPath, [...nodeArgs, here('client.ts'), ...peer], {
  stdio: 'inherit',
});
const portExit = await exited(port);
// Its server's last frames reach the tap before the next connection starts.
await pause(100);
report('port-exit', portExit);

// Your lesson-2 client against a server that speaks 2026-07-28 only (arguments after the
// server command reach Paper Trail v2 itself).
const legacy = 'reject';
report('lesson-2-start', { legacy });
await pause(150);
const child = spawn(
  process.execPath,
  [...nodeArgs, here('lesson-2-client.ts'), ...peer, '--legacy', legacy],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let stdout = '';
let stderr = '';
child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
let stopped = false;
const timer = setTimeout(() => {
  stopped = true;
  child.kill();
}, LESSON_2_MS);
const exit = await exited(child);
clearTimeout(timer);
// A stopped client's server may still hold these pipes open; this driver is done with them.
child.stdout!.destroy();
child.stderr!.destroy();
report('lesson-2-end', {
  legacy,
  ...exit,
  stopped,
  stdout: stdout.slice(0, 2000),
  stderr: stderr.slice(-2000),
});

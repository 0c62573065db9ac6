// Lesson 9's sessions: what real clients make of stray bytes on a server's stdout. A host
// (the SDK `Client` with its StdioClientTransport) starts Paper Trail through a tap, either
// with `npm run` (with and without --silent) or with --chatty; the Inspector CLI meets
// --chatty too; and a scripted session shows the reader stripping a `\r` before a newline.
// For the host sessions the sidecar holds what the host's onerror wrote to its stderr, or,
// where a console patch moved the dependency's lines, what the server wrote to its own.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { paperTrailCommand } from '../../sandbox/paper-trail/index.ts';
import { PAPER_TRAIL_MAIN } from '../../sandbox/paper-trail/command.ts';
import { HOST_INFO, INSPECTOR } from '../../sandbox/capture/clients.ts';
import { tapped } from '../../sandbox/capture/tap-command.ts';
import { readTapRecord, runStdioSession } from '../../sandbox/capture/stdio-session.ts';
import type { CaptureResult } from '../../sandbox/capture/types.ts';
import * as script from '../../sandbox/capture/script.ts';
import { captureSessions } from '../../sandbox/capture/sessions.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** How long the chatty host waits for its first lookup before giving up on it. */
const LOST_REPLY_TIMEOUT_MS = 1500;

/**
 * A host starts `command args` through a tap and runs `steps` with its Client; the frames
 * come from the tap. The sidecar is the host's onerror, one line per report, or with
 * `sidecar: 'server'` the server's own stderr as the tap kept it.
 */
async function hostSession(
  command: string,
  args: string[],
  steps: (client: Client) => Promise<void>,
  { sidecar = 'host' }: { sidecar?: 'host' | 'server' } = {},
): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-l9-'));
  const record = join(folder, 'tap.ndjson');
  const reports: string[] = [];
  try {
    const client = new Client(HOST_INFO);
    client.onerror = (error) => reports.push(`host: ${error.message}`);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: tapped(record, command, args),
        cwd: ROOT,
      }),
    );
    try {
      await steps(client);
    } finally {
      await client.close();
    }
    const { frames, stderr } = readTapRecord(record);
    if (sidecar === 'server') return { frames, stderr };
    return { frames, stderr: reports.map((line) => `${line}\n`).join('') };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const lookUp = (client: Client, timeout?: number) =>
  client.callTool(
    { name: 'order_status', arguments: { order_id: 'PT-1041' } },
    undefined,
    timeout === undefined ? undefined : { timeout },
  );

/** `npm run paper-trail`: npm's banner lines come first on the server's stdout. */
export const captureNpmBanner = () =>
  hostSession('npm', ['run', 'paper-trail'], async (client) => {
    await lookUp(client);
  });

/** `npm run --silent paper-trail`: the same host, nothing but frames. */
export const captureNpmSilent = () =>
  hostSession('npm', ['run', '--silent', 'paper-trail'], async (client) => {
    await lookUp(client);
  });

/**
 * Paper Trail --chatty under the SDK host: the banner before the initialize reply, then the
 * first lookup's helper line and the progress bar glued to its reply. The host gives up on
 * that call after a short timeout (and says so with notifications/cancelled), and looks the
 * order up again: the cache is warm and the second reply arrives clean.
 */
export const captureChattyHost = () =>
  hostSession(process.execPath, paperTrailCommand(['--chatty']).args, async (client) => {
    await lookUp(client, LOST_REPLY_TIMEOUT_MS).then(
      () => {
        throw new Error('chatty: the first lookup was answered; its reply should be lost');
      },
      () => undefined,
    );
    await lookUp(client);
  });

/**
 * The Inspector CLI lists the tools of Paper Trail --chatty through a tap: it drops the
 * banner without a word and prints the list. (Its tools/call waits for the lost reply until
 * the SDK's 60 s request timeout, then exits 1 with -32001: too long for a capture to wait.)
 */
export async function captureInspectorChatty(): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-l9-inspector-'));
  try {
    const record = join(folder, 'tap.ndjson');
    const server = paperTrailCommand(['--chatty']);
    // The Inspector reads every "--flag" on its command line as its own: a small script
    // starts the tap with the same stdio (as lesson 1's Inspector session does).
    const starter = join(folder, 'tap.mjs');
    writeFileSync(
      starter,
      `import { spawn } from 'node:child_process';\n` +
        `const child = spawn(${JSON.stringify(process.execPath)}, ${JSON.stringify(tapped(record, server.command, server.args))}, { stdio: 'inherit' });\n` +
        `child.on('exit', (code) => process.exit(code ?? 1));\n`,
    );
    await promisify(execFile)(
      process.execPath,
      [INSPECTOR, '--cli', process.execPath, starter, '--method', 'tools/list'],
      {
        cwd: fileURLToPath(new URL('../../sandbox/', import.meta.url)),
        env: {
          ...process.env,
          PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
        },
        timeout: 30_000,
      },
    );
    // Paper Trail's stderr, as the tap kept it: carrier-kit's console.warn went there.
    return readTapRecord(record);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A request whose line ends in `\r\n`: the SDK's reader strips the `\r` and answers it. */
export async function captureCarriageReturn(): Promise<CaptureResult> {
  const { frames } = await runStdioSession(async (session) => {
    await session.request(script.initialize);
    session.send(script.initialized);
    await session.request(`${script.ping}\r`);
  });
  return { frames };
}

/**
 * The console patch a server author puts in front of a noisy dependency, as a module of its
 * own. Lesson 9 shows the same lines; they move the three stdout methods to stderr.
 */
export const QUIET_CONSOLE_MODULE =
  'console.log = console.error;\nconsole.info = console.error;\nconsole.debug = console.error;\n';

/**
 * Paper Trail --chatty started through an entry module written into a scratch folder. The
 * entry imports Paper Trail's main module, whose loading prints carrier-kit's banner (its
 * main() runs up to the banner while the module is evaluated), the way a dependency that
 * prints at its top level does when the entry imports it.
 */
async function entrySession(
  entry: (files: { quiet: string; main: string }) => string,
  nodeFlags: (quiet: string) => string[],
  sidecar: 'host' | 'server',
): Promise<CaptureResult> {
  const folder = mkdtempSync(join(tmpdir(), 'mcpw-capture-l9-entry-'));
  try {
    const quiet = join(folder, 'quiet-console.mjs');
    writeFileSync(quiet, QUIET_CONSOLE_MODULE);
    const server = join(folder, 'server.mjs');
    const files = { quiet: pathToFileURL(quiet).href, main: pathToFileURL(PAPER_TRAIL_MAIN).href };
    writeFileSync(server, entry(files));
    // A host that only connects: the handshake is the first reply a banner can spoil.
    return await hostSession(
      process.execPath,
      [...nodeFlags(quiet), server, '--chatty'],
      async () => undefined,
      { sidecar },
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The patch as the first statements of the entry module, above its import: ESM evaluates
 * every static import before the module's own body, so the banner is already on stdout.
 */
export const capturePatchTooLate = () =>
  entrySession(
    ({ main }) => `${QUIET_CONSOLE_MODULE}import ${JSON.stringify(main)};\n`,
    () => [],
    'host',
  );

/** The patch in a module of its own, imported first: it runs before the dependency loads. */
export const capturePatchFirstImport = () =>
  entrySession(
    ({ quiet, main }) => `import ${JSON.stringify(quiet)};\nimport ${JSON.stringify(main)};\n`,
    () => [],
    'server',
  );

/** The same module preloaded with `node --import`, before the entry module is even read. */
export const capturePatchNodeImport = () =>
  entrySession(
    ({ main }) => `import ${JSON.stringify(main)};\n`,
    (quiet) => ['--import', quiet],
    'server',
  );

/** The captures this lesson shows, by file name: each writes captures/<name>.jsonl. */
export default captureSessions({
  'stdout-npm-banner': captureNpmBanner,
  'stdout-npm-silent': captureNpmSilent,
  'stdout-chatty-host': captureChattyHost,
  'stdout-chatty-inspector': captureInspectorChatty,
  'stdout-carriage-return': captureCarriageReturn,
  'stdout-patch-too-late': capturePatchTooLate,
  'stdout-patch-first-import': capturePatchFirstImport,
  'stdout-patch-node-import': capturePatchNodeImport,
});

// `npm run --silent tap`: put the course's tap between any MCP host and any MCP server and
// keep what crossed as a capture file, the format lessons/*/captures/*.jsonl use.
//
//   stdio: replace the server command in the host's configuration with
//          npm run --silent tap -- --out session.jsonl -- <server command> [args...]
//   HTTP:  npm run --silent tap -- --http --target http://127.0.0.1:PORT/mcp [--listen N]
//          and point the host at the URL it prints.
//
// The bytes pass through unchanged: the stdio side is the same relay the harness puts under
// every learner's client, and the HTTP side the same recording proxy. Each frame is appended
// to the file the moment its line (or HTTP part) is complete, so a crash loses nothing that
// was already whole. Our own messages go to stderr, never stdout: on stdio, stdout is the
// wire (lesson 9), and hosts show a server's stderr in their logs.
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { normaliseCapture } from '../capture/normalise.ts';
import { startHttpTap } from '../tap/http-tap.ts';
import { TapRecordReader } from '../tap/record-reader.ts';
import { runRelay } from '../tap/relay.ts';
import { parseCapture, serialiseCapture } from '../wire/capture-file.ts';
import { Framer } from '../wire/framer.ts';
import type { FrameRecord } from '../wire/record.ts';
import { failUsage, parseCliArgs, UsageError, wholeNumber } from '../input/cli-args.ts';
import { frameSummary } from './tap-summary.ts';
import { findings } from '../explain/findings.ts';
import { ruleSections } from '../course/rule-sections.ts';
import { findingLine, summarise, summaryLines } from '../explain/summary.ts';

/** The capture's default cap: hours of any real session, far less than a runaway server writes. */
const DEFAULT_MAX_MIB = 256;
/** How long a server whose host has gone may take to exit, and then to obey SIGTERM. */
const END_SERVER_AFTER_MS = 2_000;

const USAGE = [
  'usage: npm run --silent tap -- [--out FILE] [--summary] [--explain] [--normalise] -- <server command> [args...]',
  '       npm run --silent tap -- --http --target http://127.0.0.1:PORT/mcp [--listen PORT] [--out FILE] [--summary] [--explain] [--normalise]',
  '',
  '  --out FILE     where the frames go (default: tap-<time>.jsonl in the current folder)',
  '  --summary      print one line per frame to stderr as it passes',
  '  --normalise    when the session ends, write the file as lessons keep captures',
  '                 (t = seq, session ids replaced by placeholders); what crossed as',
  '                 it was stays beside it, in FILE with .raw before its extension',
  '  --http         record streamable HTTP instead: a proxy on 127.0.0.1 in front of --target',
  '  --listen PORT  the proxy port (default: any free port; the URL is printed)',
  '  --explain      when the session ends, print on stderr what npm run explain finds in it',
  `  --max-mib N    stop recording once N MiB have crossed (default: ${DEFAULT_MAX_MIB});`,
  '                 the bytes still pass through',
].join('\n');

const Args = z
  .object({
    out: z.string().min(1, { message: '--out needs a file name' }).optional(),
    summary: z.boolean().default(false),
    explain: z.boolean().default(false),
    normalise: z.boolean().default(false),
    http: z.boolean().default(false),
    target: z
      .url({
        protocol: /^https?$/,
        error: '--target must be an http:// URL such as http://127.0.0.1:3000/mcp',
      })
      // The proxy speaks plain HTTP to the server, so an https:// target would be spoken to in
      // the clear on a port that expects TLS: refuse it rather than record garbage.
      .refine((url) => !url.startsWith('https:'), {
        message:
          '--target must be http://: the tap speaks plain HTTP to the server and cannot record TLS; run your server on http://127.0.0.1 for the recording',
      })
      .optional(),
    listen: wholeNumber('--listen', { min: 1, max: 65535 }).optional(),
    'max-mib': wholeNumber('--max-mib', { min: 1, max: 1024 * 1024 }).optional(),
  })
  .refine((a) => !a.http || a.target !== undefined, {
    message:
      '--http needs --target, the server URL to record (for example http://127.0.0.1:3000/mcp)',
  })
  .refine((a) => a.http || (a.target === undefined && a.listen === undefined), {
    message: '--target and --listen are for --http; a stdio server is given after --',
  });

/** Appends frames to the capture file as they complete; rewrites it normalised at the end. */
class CaptureWriter {
  readonly path: string;
  private readonly fd: number;
  private count = 0;
  private readonly summary: boolean;
  /** The frames as written, kept only to be explained at the end. */
  private readonly kept: FrameRecord[] | undefined;

  constructor(path: string, summary: boolean, explain: boolean) {
    this.path = path;
    this.summary = summary;
    if (explain) this.kept = [];
    // 'w': a new session never mixes with an old file's frames.
    this.fd = openCapture(path);
  }

  write(frame: FrameRecord): void {
    writeSync(this.fd, JSON.stringify(frame) + '\n');
    this.count++;
    this.kept?.push(frame);
    if (this.summary) process.stderr.write(`tap: ${frameSummary(frame)}\n`);
  }

  close(normalise: boolean): void {
    closeSync(this.fd);
    // Explained as it crossed, before any normalising: the seqs are the same either way.
    if (this.kept) {
      for (const line of explainLines(this.kept)) process.stderr.write(`tap: ${line}\n`);
    }
    const frames = plural(this.count, 'frame', 'frames');
    if (normalise) {
      // The record as it crossed is kept: normalising rewrites ids, and a rule that misreads
      // one must not cost the user the only copy of their session.
      const raw = rawPath(this.path);
      renameSync(this.path, raw);
      const parsed = parseCapture(readFileSync(raw, 'utf8'), raw);
      writeFileSync(this.path, serialiseCapture(normaliseCapture(parsed)));
      process.stderr.write(`tap: ${frames} in ${this.path} (as it crossed: ${raw})\n`);
      return;
    }
    process.stderr.write(`tap: ${frames} in ${this.path}\n`);
  }
}

/** What npm run explain prints about these frames, line by line. */
function explainLines(frames: FrameRecord[]): string[] {
  const found = findings(frames, ruleSections(fileURLToPath(new URL('../..', import.meta.url))));
  return [...found.map((f) => findingLine(f)), ...summaryLines(summarise(frames, found))];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** session.jsonl → session.raw.jsonl (a name without an extension gets .raw at its end). */
function rawPath(path: string): string {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}.raw${ext}`;
}

/** The capture file, opened for writing, or a sentence saying why it cannot be. */
function openCapture(path: string): number {
  try {
    return openSync(path, 'w');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? `the folder ${dirname(path)} does not exist`
        : code === 'EISDIR'
          ? 'it is a folder; give a file name, e.g. --out session.jsonl'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : (error as Error).message;
    failUsage(`cannot write the capture to ${path}: ${why}`, USAGE, 'tap');
  }
}

function parse(argv: string[]): { args: z.output<typeof Args>; command: string[] } {
  const sep = argv.indexOf('--');
  const own = sep === -1 ? argv : argv.slice(0, sep);
  const command = sep === -1 ? [] : argv.slice(sep + 1);
  try {
    const args = parseCliArgs(own, { schema: Args });
    if (!args.http && command.length === 0) {
      throw new UsageError('give the server command after --, e.g. -- node server.js');
    }
    if (args.http && command.length > 0) {
      throw new UsageError(
        '--http records a running server; start it yourself and drop the command after --',
      );
    }
    return { args, command };
  } catch (error) {
    if (error instanceof UsageError) failUsage(error.message, USAGE, 'tap');
    throw error;
  }
}

function defaultOut(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `tap-${stamp}.jsonl`;
}

/** Says once that the capture reached its cap. */
function limitNotice(maxMib: number): () => void {
  let said = false;
  return () => {
    if (said) return;
    said = true;
    process.stderr.write(
      `tap: the capture reached its limit of ${maxMib} MiB (--max-mib): what crosses from now on passes through unrecorded\n`,
    );
  };
}

function tapStdio(
  command: string[],
  writer: CaptureWriter,
  normalise: boolean,
  maxMib: number,
): void {
  const framer = new Framer((frame) => writer.write(frame));
  const t0 = performance.timeOrigin + performance.now();
  const reader = new TapRecordReader(t0, framer, {
    // The relay keeps the server's stderr off the client's pipes; a host still wants it.
    onStderr: (text) => process.stderr.write(text),
    onSpawnError: (message) => {
      process.stderr.write(`tap: could not start the server: ${message}\n`);
      writer.close(false);
    },
    onExit: () => writer.close(normalise),
    onLimit: limitNotice(maxMib),
  });
  runRelay(['--max-bytes', String(maxMib * 1024 * 1024), '--', ...command], {
    onRecord: (record) => reader.read(record),
    endServerAfterMs: END_SERVER_AFTER_MS,
  });
}

async function tapHttp(args: z.output<typeof Args>, writer: CaptureWriter): Promise<void> {
  const framer = new Framer((frame) => writer.write(frame));
  const t0 = performance.timeOrigin + performance.now();
  const maxMib = args['max-mib'] ?? DEFAULT_MAX_MIB;
  const maxBytes = maxMib * 1024 * 1024;
  const overLimit = limitNotice(maxMib);
  let recorded = 0;
  let tap;
  try {
    tap = await startHttpTap({
      target: args.target!,
      port: args.listen,
      onFrame: ({ at, ...frame }) => {
        recorded += Buffer.byteLength(frame.text);
        if (recorded > maxBytes) return overLimit();
        framer.add({ ...frame, t: at - t0 });
      },
      onBodyCut: (exchange, part, bytes, kept) =>
        process.stderr.write(
          `tap: the ${part} body of exchange ${exchange} was ${sizeText(bytes)}: the capture keeps its first ${sizeText(kept)}\n`,
        ),
      onUpstreamError: (_exchange, message) =>
        process.stderr.write(
          `tap: could not reach ${args.target} (${message}): the client got a 502 from the tap, and the capture keeps its request with no response\n`,
        ),
    });
  } catch (error) {
    process.stderr.write(
      `tap: cannot listen on 127.0.0.1:${args.listen}: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }
  process.stderr.write(
    `tap: recording ${args.target} to ${writer.path}\n` +
      `tap: point your client at ${tap.url}\n` +
      'tap: press Ctrl+C to stop\n',
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void tap.close().then(() => {
        writer.close(args.normalise);
        process.exit(0);
      });
    });
  }
}

/** A size as a person reads it: MiB above one, KiB below. */
function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Math.round(mib * 10) / 10} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

// `npm run` starts scripts in the course's folder; paths typed by the user (the --out file,
// a relative server command) mean the folder they typed them in, which npm names INIT_CWD.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const { args, command } = parse(process.argv.slice(2));
const writer = new CaptureWriter(resolve(args.out ?? defaultOut()), args.summary, args.explain);
if (args.http) await tapHttp(args, writer);
else tapStdio(command, writer, args.normalise, args['max-mib'] ?? DEFAULT_MAX_MIB);

// `npm run capture` writes the capture files; `npm run capture -- --check` verifies them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { produceCaptures, selectCaptures } from './captures.ts';
import { checkCaptures } from './check.ts';
import { parseCliArgsOrExit } from '../input/cli-args.ts';

const DEFAULT_DIR = fileURLToPath(new URL('../../lessons/captures/', import.meta.url));

const USAGE = `usage: npm run capture [-- [--check] [--only NAME[,NAME...]] [--dir DIR]]

  (no flags)   capture sessions against the live Paper Trail and write them to DIR
  --check      capture into memory and compare with the files in DIR; exit 1 on a difference
  --only NAMES only these captures (file names without .jsonl, comma-separated), e.g.
               --only http-sse,handshake
  --dir DIR    captures directory (default lessons/captures)
  --help       show this text`;

const Options = z.object({
  check: z.boolean().default(false),
  dir: z.string().trim().min(1, { error: '--dir needs a directory path' }).optional(),
  only: z
    .string()
    .trim()
    .min(1, { error: '--only needs capture names, e.g. --only http-sse,handshake' })
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .optional(),
  help: z.boolean().default(false),
});

async function main(): Promise<void> {
  const options = parseCliArgsOrExit(process.argv.slice(2), {
    short: { help: 'h' },
    schema: Options,
    usage: USAGE,
    command: 'capture',
  });
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const dir = options.dir ? resolve(options.dir) : DEFAULT_DIR;
  const only = options.only ?? [];
  try {
    selectCaptures(only);
  } catch (error) {
    process.stderr.write(`capture: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const shown = relative(process.cwd(), dir) || '.';

  if (options.check) {
    const outcome = await checkCaptures(dir, only);
    if (!outcome.ok) {
      process.stderr.write(`capture check FAILED in ${shown}:\n${outcome.problems.join('\n')}\n`);
      process.exit(1);
    }
    process.stdout.write(`capture check OK: ${outcome.files.length} files in ${shown} match\n`);
    return;
  }

  const files = await produceCaptures(only);
  await mkdir(dir, { recursive: true });
  for (const [file, text] of files) {
    await writeFile(join(dir, file), text);
    process.stdout.write(`wrote ${join(shown, file)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`capture: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

// `npm run capture` writes the capture files; `npm run capture -- --check` verifies them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { REPO, produceCaptures, selectCaptures, type CaptureSpec } from './captures.ts';
import { checkCaptures } from './check.ts';
import { parseCliArgsOrExit } from '../input/cli-args.ts';

const USAGE = `usage: npm run capture [-- [--check] [--only NAME[,NAME...]] [--dir DIR]]

  (no flags)   capture the sessions of every lesson (lessons/*/sessions.ts) against the
               live Paper Trail and write each into its lesson's captures/ folder
  --check      capture into memory and compare with the committed files; exit 1 on a
               difference
  --only NAMES only these captures (file names without .jsonl, comma-separated), e.g.
               --only http-sse,handshake
  --dir DIR    write (or compare) every file in DIR instead of its lesson's folder
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
  const dir = options.dir === undefined ? undefined : resolve(options.dir);
  let specs: CaptureSpec[];
  try {
    specs = await selectCaptures(options.only ?? []);
  } catch (error) {
    process.stderr.write(`capture: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const shown = (path: string) => relative(process.cwd(), path) || '.';
  const where = dir === undefined ? 'lessons/*/captures' : shown(dir);

  if (options.check) {
    const outcome = await checkCaptures(specs, dir);
    if (!outcome.ok) {
      process.stderr.write(`capture check FAILED in ${where}:\n${outcome.problems.join('\n')}\n`);
      process.exit(1);
    }
    process.stdout.write(`capture check OK: ${outcome.files.length} files in ${where} match\n`);
    return;
  }

  for (const { file, folder, text } of await produceCaptures(specs)) {
    const target = dir ?? join(REPO, folder);
    await mkdir(target, { recursive: true });
    await writeFile(join(target, file), text);
    process.stdout.write(`wrote ${shown(join(target, file))}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`capture: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

// The harness program's console mode (main-command.ts names its arguments): one console
// session, its events on stdout behind the run's sentinel as for any run.
import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultExercisesRoot, defaultWorkRoot } from '../exercises/loader.ts';
import { parseCliArgsOrExit } from '../input/cli-args.ts';
import { formatSentinelLine } from '../runtime/shared/sentinel.ts';
import { runConsole } from './console-run.ts';
import { firstLine } from './first-line.ts';

const Args = z.object({
  workspace: z.string({ error: '--workspace <dir> is required' }),
  'exercises-root': z.string().optional(),
  nonce: z.string().min(16, { message: '--nonce must be at least 16 characters' }).optional(),
  'nonce-stdin': z.boolean().optional(),
});

const USAGE = 'usage: main.ts --console --workspace <dir> [--exercises-root <dir>]';

export async function consoleMain(argv: string[]): Promise<void> {
  const a = parseCliArgsOrExit(argv, { schema: Args, usage: USAGE });
  const nonce = a['nonce-stdin'] ? await firstLine(process.stdin) : a.nonce;
  // Work folders go where every run's go, so that whoever cleans up after runs finds them.
  const root = resolve(a['exercises-root'] ?? defaultExercisesRoot());
  await runConsole({ workspace: a.workspace, workRoot: defaultWorkRoot(root) }, (event) =>
    process.stdout.write(nonce ? formatSentinelLine(nonce, event) : JSON.stringify(event) + '\n'),
  );
}

// `npm run --silent explain -- <capture file>`: any capture the course writes (`npm run tap`,
// the workbench's "Download frames", a lesson's captures) read against the course's rules,
// one finding a line, `#<seq> <rule>: <what is wrong> (<lesson section>)`, then a summary.
// Findings are information, not failure: it exits 0 whenever it could read the file, and 2,
// with the reason, when it could not.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { findings } from '../explain/findings.ts';
import { findingLine, summarise, summaryLines } from '../explain/summary.ts';
import { CaptureReadError, readCapture } from '../wire/capture-file.ts';
import { parseCliArgsOrExit } from '../input/cli-args.ts';
import { ruleSections } from '../course/rule-sections.ts';

const USAGE = [
  'usage: npm run --silent explain -- <capture file> [--site URL]',
  '',
  '  <capture file>  a .jsonl capture: from npm run tap, the workbench, or lessons/*/captures/',
  '  --site URL      put this address in front of the lesson links (e.g. http://localhost:4321)',
].join('\n');

const Args = z.object({
  file: z.string({ error: 'give the capture file to explain' }).min(1),
  site: z
    .url({ protocol: /^https?$/, error: '--site must be an http:// or https:// address' })
    .optional(),
});

// The lessons say which section teaches each rule; they sit in this checkout, wherever the
// user typed the command.
const sections = ruleSections(fileURLToPath(new URL('../..', import.meta.url)));

// Paths typed by the user mean the folder they typed them in, which npm names INIT_CWD.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const args = parseCliArgsOrExit(process.argv.slice(2), {
  schema: Args,
  positionals: { names: ['file'], tooMany: () => 'give one capture file at a time' },
  usage: USAGE,
  command: 'explain',
});
const file = args.file;
const site = (args.site ?? '').replace(/\/$/, '');
let frames;
try {
  frames = readCapture(resolve(file));
} catch (error) {
  if (!(error instanceof CaptureReadError)) throw error;
  process.stderr.write(`explain: ${error.message}\n`);
  process.exit(2);
}
const found = findings(frames, sections);
const out = [...found.map((f) => findingLine(f, site)), ...summaryLines(summarise(frames, found))];
process.stdout.write(out.join('\n') + '\n');

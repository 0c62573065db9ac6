// Paper Trail's --help, written from its features: the synopsis from their parts, wrapped to
// the width of a terminal, one entry per flag with its description beside it, then the flags
// again under the lesson each serves, so that no list of them is kept by hand anywhere else.
import type { PaperTrailFeature } from './feature.ts';

const COMMAND = 'usage: npm run --silent paper-trail [-- ';
const WIDTH = 100;
const COLUMN = 27;

export function usageOf(features: readonly PaperTrailFeature[]): string {
  const parts = features.map((f) => f.synopsis).filter((part): part is string => Boolean(part));
  const entries = features.flatMap((f) => f.help ?? []);
  return [
    ...synopsis([...parts, '[--help]']),
    '',
    entry(['(no flags)', 'speak MCP over stdio: frames on stdin/stdout, logs on stderr']),
    ...entries.map(entry),
    entry(['--help', 'show this text']),
    '',
    'flags by the lesson whose frames need them (--http and --help aside):',
    ...byLesson(features).map(([lesson, flags]) => wrapped(lesson, flags)),
  ].join('\n');
}

/** Each lesson a feature serves, in the features' order, with the flags of its features. */
function byLesson(features: readonly PaperTrailFeature[]): [string, string[]][] {
  const lessons = new Map<string, string[]>();
  for (const feature of features) {
    const flags = Object.keys(feature.flags).map((name) => `--${name}`);
    lessons.set(feature.lesson, [...(lessons.get(feature.lesson) ?? []), ...flags]);
  }
  return [...lessons].map(([lesson, flags]) => [lesson, flags.length > 0 ? flags : ['(none)']]);
}

/** "  lesson: --a --b", its flags wrapped at the terminal's width under a deeper indent. */
function wrapped(lesson: string, flags: readonly string[]): string {
  const lines = [`  ${lesson}:`];
  for (const flag of flags) {
    const last = lines[lines.length - 1]!;
    if (last.length + 1 + flag.length <= WIDTH) lines[lines.length - 1] = `${last} ${flag}`;
    else lines.push(`      ${flag}`);
  }
  return lines.join('\n');
}

function synopsis(parts: string[]): string[] {
  const indent = ' '.repeat(COMMAND.length);
  const lines = [COMMAND];
  for (const part of parts) {
    const last = lines.length - 1;
    const line = lines[last]!;
    const fresh = line === COMMAND || line === indent;
    if (!fresh && line.length + 1 + part.length > WIDTH) lines.push(indent + part);
    else lines[last] = fresh ? line + part : `${line} ${part}`;
  }
  lines[lines.length - 1] += ']';
  return lines;
}

function entry([flag, ...text]: readonly [string, ...string[]]): string {
  const head = `  ${flag}`.padEnd(COLUMN - 2) + '  ';
  return text.map((line, i) => (i === 0 ? head : ' '.repeat(COLUMN)) + line).join('\n');
}

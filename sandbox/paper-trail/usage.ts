// Paper Trail's --help, written from its features: the synopsis from their parts, wrapped to
// the width of a terminal, then one entry per flag with its description beside it.
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
  ].join('\n');
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

// A file that cannot run as written (it does not parse, or it uses TypeScript that Node's
// type stripping cannot erase), as the stripper and the harness report it. Apart from the stripper so that the
// page can word a problem without loading sucrase.

/** Line and column count from 1, as editors show them. */
export interface StripProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  /** Set when the file parses but uses TypeScript that Node's type stripping cannot run. */
  construct?: string;
}

/** "client.ts:3:7: Unexpected token": what a compiler would print. */
export function formatProblem(p: StripProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.message}`;
}

/**
 * The run's summary when a file stops it before anything starts: the same words on every
 * runtime, so a learner's verdict does not depend on where the code ran.
 */
export function nothingRunSummary(p: StripProblem): string {
  return p.construct
    ? `nothing was run: ${p.file} line ${p.line} uses ${articled(p.construct)}, which Node's type stripping cannot run`
    : `nothing was run: ${p.file} has a syntax error at line ${p.line}, column ${p.column}`;
}

export function articled(words: string): string {
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`;
}

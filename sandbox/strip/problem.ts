// A file that does not parse, as the stripper reports it. Apart from the stripper so that the
// page can word a problem without loading sucrase.

/** Line and column count from 1, as editors show them. */
export interface StripProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** "client.ts:3:7: Unexpected token": what a compiler would print. */
export function formatProblem(p: StripProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.message}`;
}

// "Print the result" is judged by value, not by text: any key order and spacing a JSON writer
// may choose prints the same object. One test for it, so every exercise that asks a client to
// print what a reply said accepts the same lines.
import { isDeepStrictEqual } from 'node:util';
import { parsedLine } from './run-story.ts';

/** Does this printed line hold exactly `value`, as JSON? Never for an undefined value. */
export function printsValue(line: string, value: unknown): boolean {
  return value !== undefined && isDeepStrictEqual(parsedLine(line), value);
}

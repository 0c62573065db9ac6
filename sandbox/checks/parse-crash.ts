// A client that parses each read from a pipe as a message dies on the first piece of a line,
// and Node's words for it say so: a SyntaxError about JSON. Every check of "reads whole lines"
// looks for those words, in the program's stderr or in a stderr a driver reported.

/** Node's words for JSON.parse failing on text that is not one whole JSON value. */
const PARSE_CRASH = /^\s*SyntaxError\b.*JSON.*$/m;

/** The SyntaxError line of a JSON.parse that failed on a piece of a line, or undefined. */
export function parseCrash(stderr: string): string | undefined {
  return PARSE_CRASH.exec(stderr)?.[0].trim();
}

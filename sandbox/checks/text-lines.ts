// Output a driver reported for one of the runs it started (not the recorded program's own
// stdout, which printedLinesAt reads), split the way printed lines are everywhere else.

/** The lines of a text that hold something other than spaces, without a trailing "\r". */
export function textLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '');
}

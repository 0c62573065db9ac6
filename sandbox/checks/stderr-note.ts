// A process that failed is best explained in its own last words, and every exercise appends
// them to a message its own way ("Its stderr says: …", "Last words on stderr: …"): one reading
// of stderr behind all of them, so the line shown is always the one that says what went wrong.
import { quote, stderrGist } from './frames.ts';
import { showText } from './show-text.ts';

/**
 * The telling line of stderr, ready to put in a message, or '' when stderr is empty. Error
 * lines often hold quotes themselves (`Unexpected token 'd', "data: {"js"... is not valid
 * JSON`, `HTTP 400: {"jsonrpc":…}`), which a JSON string literal would show as a wall of \"
 * escapes: such a line is shown as written, in curly quotes.
 */
export function shownStderr(stderr: string, max = 300): string {
  const gist = stderrGist(stderr);
  if (!gist) return '';
  return gist.includes('"') ? showText(gist, max) : quote(gist, max);
}

/** ` <lead> "<the telling line>"<end>` to append to a message, or '' when stderr is empty. */
export function stderrNote(stderr: string, lead: string, max = 300, end = ''): string {
  const shown = shownStderr(stderr, max);
  return shown ? ` ${lead} ${shown}${end}` : '';
}

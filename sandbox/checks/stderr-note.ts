// A process that failed is best explained in its own last words, and every exercise appends
// them to a message its own way ("Its stderr says: …", "Last words on stderr: …"): one reading
// of stderr behind all of them, so the line shown is always the one that says what went wrong.
import { quote, stderrGist } from './frames.ts';

/** ` <lead> "<the telling line>"<end>` to append to a message, or '' when stderr is empty. */
export function stderrNote(stderr: string, lead: string, max = 300, end = ''): string {
  const gist = stderrGist(stderr);
  return gist ? ` ${lead} ${quote(gist, max)}${end}` : '';
}

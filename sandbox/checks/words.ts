// Small pieces of wording that several exercises' messages share: a count with its noun in
// the right number, and JSON shown as it is written (a quoted JSON string would show every
// inner quote escaped, `{\"order_id\":…}`, which is not what the learner sent or received).
import { clip, quote } from './frames.ts';

/** "1 frame", "2 frames"; `many` for nouns that do not just take an "s". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A value as compact JSON, cut at `max` characters, unquoted and unescaped. */
export function json(value: unknown, max = 80): string {
  return clip(JSON.stringify(value) ?? String(value), max);
}

/** A printed line for a message: JSON as it was written, any other text in quotes. */
export function shownLine(text: string, max = 120): string {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return clip(trimmed, max);
    } catch {
      // not JSON after all: quoted like any other text
    }
  }
  return quote(trimmed, max);
}

/**
 * A sentence's subject about every item of a list: "the one request", "all 3 requests". Never
 * "all 1 requests"; the verb after it is the caller's to agree ("carries" after one).
 */
export function every(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? `the one ${one}` : `all ${n} ${many}`;
}

/**
 * A whole sentence about every item of a list, its verb agreeing: "All 3 results were handed
 * over as text.", "The one result was handed over as text."; `verb` is [one, many], or one
 * word for both ("handed").
 */
export function allOf(
  n: number,
  one: string,
  rest: string,
  verb: string | readonly [string, string] = ['was', 'were'],
  many = `${one}s`,
): string {
  const subject = every(n, one, many);
  const [single, plural] = typeof verb === 'string' ? [verb, verb] : verb;
  return `${subject[0]!.toUpperCase()}${subject.slice(1)} ${n === 1 ? single : plural} ${rest}.`;
}

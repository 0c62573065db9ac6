// Quiz and glossary texts are props, not Markdown, yet they name wire members (`isError`,
// `id`). Backticks mark code, as in Markdown; the pieces are rendered as text (escaped by
// Astro), never as HTML.

export interface Piece {
  code: boolean;
  text: string;
}

/** "a `result` with `isError`" → text, code, text, code pieces; an unpaired backtick stays text. */
export function codeSpans(text: string): Piece[] {
  const parts = text.split('`');
  // An even number of parts means one backtick has no partner: keep the text as written.
  if (parts.length % 2 === 0) return [{ code: false, text }];
  return parts
    .map((part, i) => ({ code: i % 2 === 1, text: part }))
    .filter((piece) => piece.text !== '');
}

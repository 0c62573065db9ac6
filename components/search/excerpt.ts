// Pagefind's excerpts are HTML (page text with <mark> around the hits). Page text here holds
// frame bytes, so an excerpt is never inserted as HTML: it is parsed inert and rebuilt from
// its text, keeping only the marks.
export type ExcerptPart = { text: string; hit: boolean };

const ENTITY: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: '\u00a0',
};

const decode = (text: string): string =>
  text.replace(/&(#?\w+);/g, (whole, name: string) => {
    if (ENTITY[name] !== undefined) return ENTITY[name];
    const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#(\d+)$/.exec(name)?.[1];
    if (code === undefined) return whole;
    return String.fromCodePoint(parseInt(code, name.startsWith('#x') ? 16 : 10));
  });

/** Splits an excerpt at its <mark> tags; any other tag is dropped, every entity decoded. */
export function excerptParts(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let hit = false;
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') hit = true;
    else if (piece === '</mark>') hit = false;
    else {
      const text = decode(piece.replace(/<[^>]*>/g, ''));
      if (text !== '') parts.push({ text, hit });
    }
  }
  return parts;
}

// Comparing two byte streams line by line, as a relay's checks do: what was sent and what
// arrived, which line was lost or changed first, and what changed it, in words.
/** A stream's lines, each with its "\n" (the last one without, if it has none). */
export function lines(stream: string): string[] {
  return stream.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Shows a line with its invisible characters ("\r", "\n", "\u00e9" typed as text) visible. */
export function shown(line: string, from = 0, max = 70): string {
  const start = Math.max(0, from - 25);
  const piece = line.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${JSON.stringify(piece)}${start + max < line.length ? '…' : ''}`;
}

export function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

function sameJson(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/** In words, what turned the `sent` line into the `arrived` one. */
export function whatChanged(sent: string, arrived: string): string {
  let at = 0;
  while (at < sent.length && sent[at] === arrived[at]) at++;
  const where = `; sent ${shown(sent, at)}, arrived ${shown(arrived, at)}`;
  if (arrived.includes('\uFFFD') && !sent.includes('\uFFFD')) {
    return `a character came out as "\uFFFD": a chunk was decoded to text on its own, and a character whose bytes were split between two chunks broke${where}`;
  }
  if (sent.endsWith('\r\n') && arrived === sent.replace(/\r\n$/, '\n')) {
    return `the "\\r" before the newline was dropped (readline strips it): a relay passes bytes, not lines${where}`;
  }
  if (sent.endsWith('\n') && arrived === sent.slice(0, -1)) {
    return `the newline that ends the frame is missing${where}`;
  }
  if (sameJson(sent, arrived)) {
    return `it is the same JSON but not the same bytes: the frame was parsed and written out again (spaces, "\\u00e9" escapes and key order are bytes too)${where}`;
  }
  if (arrived.trim() === '') return `an empty line arrived in its place${where}`;
  return `the bytes differ from character ${at}${where}`;
}

/** Lines of the one side that did not arrive intact at the other, in order. */
export function firstLoss(
  sent: readonly string[],
  arrived: readonly string[],
): { index: number; arrived?: string } | null {
  let next = 0;
  for (const [index, line] of sent.entries()) {
    const found = arrived.indexOf(line, next);
    if (found === -1) return { index, arrived: arrived[next] };
    next = found + 1;
  }
  return null;
}

/** The lines of `arrived` that are not the `sent` ones, matched in order. */
export function extras(sent: readonly string[], arrived: readonly string[]): string[] {
  const out: string[] = [];
  let next = 0;
  for (const line of arrived) {
    if (next < sent.length && line === sent[next]) next++;
    else out.push(line);
  }
  return out;
}

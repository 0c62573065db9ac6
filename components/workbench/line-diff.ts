// A line diff of the learner's file against the solution, for "Compare with solution": the
// longest common subsequence of lines, walked into kept, removed and added lines. Exercise
// files are a few hundred lines, so the plain quadratic table is fast enough; beyond a
// bound the whole file is shown as replaced rather than stalling the page.
export type DiffLine =
  | { kind: 'same'; text: string; old: number; new: number }
  | { kind: 'del'; text: string; old: number }
  | { kind: 'add'; text: string; new: number };

/** Above this many table cells (old lines × new lines) the diff gives up on alignment. */
export const MAX_CELLS = 4_000_000;

const linesOf = (text: string): string[] => {
  if (text === '') return [];
  const lines = text.split('\n');
  // A final newline ends the last line; it does not start an empty one.
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  // Common head and tail cost nothing to align, and keep the table small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: a[i]!, old: i + 1, new: i + 1 });
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  out.push(...middle(midA, midB, head));
  for (let k = tail; k > 0; k--) {
    const i = a.length - k;
    const j = b.length - k;
    out.push({ kind: 'same', text: a[i]!, old: i + 1, new: j + 1 });
  }
  return out;
}

function middle(a: string[], b: string[], offset: number): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [
      ...a.map((text, i): DiffLine => ({ kind: 'del', text, old: offset + i + 1 })),
      ...b.map((text, j): DiffLine => ({ kind: 'add', text, new: offset + j + 1 })),
    ];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]!, old: offset + i + 1, new: offset + j + 1 });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      // Removed lines first, as unified diffs show a changed line.
      out.push({ kind: 'del', text: a[i]!, old: offset + i + 1 });
      i++;
    } else {
      out.push({ kind: 'add', text: b[j]!, new: offset + j + 1 });
      j++;
    }
  }
  return out;
}

/** How many lines the learner would lose and gain by taking the other side. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added++;
    else if (line.kind === 'del') removed++;
  }
  return { added, removed };
}

import { describe, expect, it } from 'vitest';
import { diffStats, lineDiff, MAX_CELLS } from '../../components/workbench/line-diff.ts';

/** A diff in the unified notation, one line each: "  kept", "- removed", "+ added". */
const unified = (before: string, after: string) =>
  lineDiff(before, after).map((l) => `${{ same: ' ', del: '-', add: '+' }[l.kind]} ${l.text}`);

describe('lineDiff', () => {
  it('shows identical files as all kept, with both line numbers', () => {
    expect(lineDiff('a\nb\n', 'a\nb\n')).toEqual([
      { kind: 'same', text: 'a', old: 1, new: 1 },
      { kind: 'same', text: 'b', old: 2, new: 2 },
    ]);
  });

  it('finds a changed line in the middle, and numbers each side', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
      { kind: 'same', text: 'a', old: 1, new: 1 },
      { kind: 'del', text: 'b', old: 2 },
      { kind: 'add', text: 'B', new: 2 },
      { kind: 'same', text: 'c', old: 3, new: 3 },
    ]);
  });

  it('aligns on the longest common run of lines', () => {
    expect(unified('x\na\nb\nc\ny', 'a\nb\nz\nc')).toEqual([
      '- x',
      '  a',
      '  b',
      '+ z',
      '  c',
      '- y',
    ]);
  });

  it('handles empty sides and a missing final newline', () => {
    expect(unified('', 'a\n')).toEqual(['+ a']);
    expect(unified('a\n', '')).toEqual(['- a']);
    expect(unified('a', 'a\n')).toEqual(['  a']);
  });

  it('shows a file too large to align as replaced, rather than stalling', () => {
    const size = Math.ceil(Math.sqrt(MAX_CELLS)) + 1;
    const before = Array.from({ length: size }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: size }, (_, i) => `new ${i}`).join('\n');
    expect(diffStats(lineDiff(before, after))).toEqual({ added: size, removed: size });
  });
});

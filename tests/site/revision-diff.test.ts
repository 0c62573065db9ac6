// RevisionPair's "what changed" list, computed from two captured frames.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { joinPath, revisionChanges, shortValue } from '../../components/frames/revision-diff.ts';
import { REPO } from './serve-dist.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const json = (name: string, seq: number) =>
  JSON.parse(readCapture(join(REPO, captureFile(`${name}.jsonl`, REPO)))[seq]!.text) as unknown;

describe('revisionChanges', () => {
  it('reports a new subtree once, at its top, and a changed value with both sides', () => {
    expect(
      revisionChanges({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3, d: { e: 1, f: 2 } } }),
    ).toEqual([
      { kind: 'changed', path: 'b.c', before: '2', after: '3' },
      { kind: 'added', path: 'b.d', after: '{"e":1,"f":2}' },
    ]);
    expect(revisionChanges({ a: 1, gone: true }, { a: 1 })).toEqual([
      { kind: 'removed', path: 'gone', before: 'true' },
    ]);
    expect(revisionChanges({ a: [1] }, { a: [1] })).toEqual([]);
  });

  it('quotes keys that are not plain names and shortens long values', () => {
    expect(joinPath('params._meta', 'io.modelcontextprotocol/protocolVersion')).toBe(
      'params._meta["io.modelcontextprotocol/protocolVersion"]',
    );
    expect(shortValue('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
  });

  it('finds what the order lookup gained in 2026-07-28 from the captures', () => {
    const changes = revisionChanges(json('lookup-2025', 3), json('lookup-2026', 2));
    expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual(['added params._meta']);
    const result = revisionChanges(json('lookup-2025', 4), json('lookup-2026', 3));
    expect(result.map((c) => `${c.kind} ${c.path}`)).toEqual([
      'added result.resultType',
      'added result._meta',
    ]);
  });
});

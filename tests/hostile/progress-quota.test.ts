// An import larger than the browser's storage quota: the browser refuses an entry halfway.
// Nothing of the import may stay (progress half of one file and half of another), and the
// learner is told which entry the browser refused.
import { describe, expect, it } from 'vitest';
import {
  applyImport,
  ImportRefused,
  parseProgressFile,
  type Store,
} from '../../components/progress/progress-file.ts';

/** A Storage that, like a browser's, refuses to grow past `quota` characters. */
function quotaStore(
  quota: number,
  entries: Record<string, string>,
): Store & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  const used = () => [...map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      const old = map.get(k);
      const grown = used() - (old === undefined ? 0 : k.length + old.length) + k.length + v.length;
      if (grown > quota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

const code = (n: number) => 'x'.repeat(n);
const file = {
  format: 'mcp-on-the-wire-progress',
  version: 1,
  exportedAt: '2026-02-02T00:00:00.000Z',
  exercises: {
    'raw-client': { files: { 'client.ts': code(400) }, done: true },
    tap: { files: { 'tap.ts': code(4_000) }, done: false },
  },
  lessons: { 'the-wire': { read: true, at: '2026-01-01T00:00:00.000Z' } },
  quizzes: {},
};

describe('a progress import over the storage quota', () => {
  it('keeps nothing of the import and names the entry the browser refused', () => {
    const before = {
      theme: 'dark',
      'mcpw:exercise:raw-client': JSON.stringify({ files: { 'client.ts': 'mine' }, done: false }),
    };
    const store = quotaStore(2_000, before);
    const parsed = parseProgressFile(JSON.stringify(file));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    let error: unknown;
    try {
      applyImport(store, parsed.file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ImportRefused);
    expect((error as ImportRefused).entry).toBe('exercise tap');
    expect(Object.fromEntries(store.map)).toEqual(before);
  });

  it('imports a file that fits, whole', () => {
    const store = quotaStore(20_000, {});
    const parsed = parseProgressFile(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.lines.join('\n'));
    applyImport(store, parsed.file);
    expect([...store.map.keys()].sort()).toEqual([
      'mcpw:exercise:raw-client',
      'mcpw:exercise:tap',
      'mcpw:lesson:the-wire',
    ]);
  });
});

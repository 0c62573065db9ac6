import { describe, expect, it } from 'vitest';
import {
  applyImport,
  collectProgress,
  parseProgressFile,
  planImport,
  resetProgress,
  type Store,
} from '../../components/progress/progress-file.ts';

/** A Storage with the methods the module uses, over a Map (Node has no localStorage). */
function memoryStore(entries: Record<string, string> = {}): Store & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const here = () =>
  memoryStore({
    theme: 'dark',
    'mcpw:exercise:raw-client': JSON.stringify({ files: { 'client.ts': 'mine' }, done: true }),
    'mcpw:exercise:broken': '{not json',
    'mcpw:lesson:the-wire': JSON.stringify({ read: true, at: '2026-01-01T00:00:00.000Z' }),
    'mcpw:quiz:the-wire': JSON.stringify({ 'quiz-1-q1': { chosen: 2, correct: false } }),
  });

describe('progress file', () => {
  it('collects exercises, lessons and quizzes, leaving unreadable entries out', () => {
    const file = collectProgress(here(), new Date('2026-02-02T00:00:00Z'));
    expect(file).toEqual({
      format: 'mcp-on-the-wire-progress',
      version: 1,
      exportedAt: '2026-02-02T00:00:00.000Z',
      exercises: { 'raw-client': { files: { 'client.ts': 'mine' }, done: true } },
      lessons: { 'the-wire': { read: true, at: '2026-01-01T00:00:00.000Z' } },
      quizzes: { 'the-wire': { 'quiz-1-q1': { chosen: 2, correct: false } } },
    });
  });

  it('round-trips through its own text into a fresh store, merging over what is there', () => {
    const text = JSON.stringify(collectProgress(here()));
    const parsed = parseProgressFile(text);
    if (!parsed.ok) throw new Error(parsed.lines.join('\n'));
    const fresh = memoryStore({
      'mcpw:exercise:raw-client': JSON.stringify({ files: { 'client.ts': 'other' }, done: false }),
      'mcpw:exercise:negotiate': JSON.stringify({ files: {}, done: true }),
    });
    expect(planImport(fresh, parsed.file)).toEqual({
      exercises: 1,
      replacedCode: ['raw-client'],
      lessons: 1,
      quizzes: 1,
    });
    applyImport(fresh, parsed.file);
    expect(JSON.parse(fresh.getItem('mcpw:exercise:raw-client')!)).toEqual({
      files: { 'client.ts': 'mine' },
      done: true,
    });
    expect(fresh.getItem('mcpw:exercise:negotiate')).not.toBeNull();
    expect(fresh.getItem('mcpw:quiz:the-wire')).toContain('quiz-1-q1');
  });

  it('says why a wrong file is wrong', () => {
    expect(parseProgressFile('hello')).toEqual({
      ok: false,
      lines: ['This file is not JSON, so it is not a progress export.'],
    });
    const other = parseProgressFile(JSON.stringify({ name: 'package' }));
    expect(other.ok).toBe(false);
    expect(!other.ok && other.lines[0]).toBe(
      'progress file: format: this is not a progress file of this course',
    );
    const future = parseProgressFile(
      JSON.stringify({ ...collectProgress(memoryStore()), version: 2 }),
    );
    expect(!future.ok && future.lines).toEqual([
      'progress file: version: only version 1 progress files can be read',
    ]);
    const proto = parseProgressFile(
      JSON.stringify({
        ...collectProgress(memoryStore()),
        exercises: { 'raw-client': { files: { 'a.ts': 1 }, done: 'yes' } },
      }),
    );
    expect(!proto.ok && proto.lines.length).toBe(2);
  });

  it('reset forgets the course entries and keeps the rest', () => {
    const store = here();
    expect(resetProgress(store)).toBe(4);
    expect([...store.map.keys()]).toEqual(['theme']);
  });
});

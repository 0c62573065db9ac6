// The isolation headers are written in three places (dev middleware and workshop server via
// headers.ts, static hosts via public/_headers); this keeps them from drifting apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISOLATION_HEADERS, needsIsolation } from '../../sandbox/runtime/server/headers.ts';
import { adviceFor } from '../../components/workbench/advice.ts';
import type { BootFailureReason } from '../../sandbox/runtime/shared/types.ts';

describe('isolation headers', () => {
  it('public/_headers sets exactly ISOLATION_HEADERS on /exercises/* and /console/*', () => {
    const text = readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8');
    const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    const blocks = new Map<string, Record<string, string>>();
    for (const line of lines) {
      if (!line.startsWith(' ')) blocks.set(line, {});
      else {
        const [name, value] = line.trim().split(/:\s*/) as [string, string];
        [...blocks.values()].at(-1)![name] = value;
      }
    }
    expect([...blocks.keys()]).toEqual(['/exercises/*', '/console/*']);
    for (const set of blocks.values()) expect(set).toEqual(ISOLATION_HEADERS);
  });

  it('applies to exercise pages and the console only', () => {
    expect(needsIsolation('/exercises/raw-client/')).toBe(true);
    expect(needsIsolation('/lessons/the-wire/')).toBe(false);
    expect(needsIsolation('/exercisesque/')).toBe(false);
    expect(needsIsolation('/console/')).toBe(true);
    expect(needsIsolation('/consoles/')).toBe(false);
  });
});

describe('boot failure advice', () => {
  const reasons: BootFailureReason[] = [
    'not-isolated',
    'unsupported',
    'offline',
    'timeout',
    'blocked',
  ];
  it.each(reasons)('%s: says what happened and offers the workshop server', (reason) => {
    const a = adviceFor(reason, 'What the runtime said.');
    expect(a.what.length).toBeGreaterThan(20);
    expect(a.todo).toContain('npm run workshop');
  });
});

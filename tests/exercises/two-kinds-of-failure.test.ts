// two-kinds-of-failure: classify() is judged against live Paper Trail responses and edge cases.
import { describe, expect, it } from 'vitest';
import { check, failures, fixtureDir } from './helpers.ts';

const EX = 'two-kinds-of-failure';

const mistakes: { name: string; check: string; says: string }[] = [
  { name: 'always-ok', check: 'tool-errors', says: '"missing order" (frame' },
  {
    name: 'text-mentions-error',
    check: 'successes',
    says: 'edge case "result text that mentions an error"',
  },
  { name: 'isError-present', check: 'successes', says: 'edge case "explicit isError: false"' },
  {
    name: 'ignores-isError',
    check: 'tool-errors',
    says: 'expected "tool-error", classify() returned "ok"',
  },
  { name: 'mcp-error-text-is-protocol', check: 'tool-errors', says: '"unknown tool" (frame' },
  { name: 'wrong-label', check: 'labels', says: 'classify() returned "error"' },
  { name: 'throws-on-error-response', check: 'labels', says: 'classify() threw' },
  {
    name: 'only-method-not-found',
    check: 'protocol-errors',
    says: '"tools/call without a name" (frame',
  },
  {
    name: 'data-means-tool-error',
    check: 'protocol-errors',
    says: 'edge case "error object with data"',
  },
  { name: 'swapped', check: 'protocol-errors', says: 'classify() returned "tool-error"' },
  { name: 'async-classify', check: 'labels', says: 'Promise' },
  { name: 'misnamed-export', check: 'runs-every-case', says: 'classify() was asked about 0 of' },
];

const correct = ['ok-in-operator', 'ok-switch', 'ok-has-own', 'ok-sdk-schema'];

describe(EX, () => {
  it('fails the starter', async () => {
    const s = await check(EX);
    expect(s.passed).toBe(false);
    expect(s.checks.find((c) => c.id === 'tool-errors')?.ok).toBe(false);
  });

  it('passes the solution, judged from live frames', async () => {
    const s = await check(EX, { solution: true });
    expect(failures(s)).toBe('');
    expect(s.frames).toBeGreaterThan(20);
  });

  for (const name of correct) {
    it(`passes a correct classify written differently: ${name}`, async () => {
      expect(failures(await check(EX, { dir: fixtureDir(EX, name) }))).toBe('');
    });
  }

  for (const m of mistakes) {
    it(`fails ${m.name} with ${m.check}`, async () => {
      const s = await check(EX, { dir: fixtureDir(EX, m.name) });
      const hit = s.checks.find((c) => c.id === m.check);
      expect(hit?.ok, failures(s)).toBe(false);
      expect(hit?.message).toContain(m.says);
      expect(hit?.hint).toBeTruthy();
    });
  }
});

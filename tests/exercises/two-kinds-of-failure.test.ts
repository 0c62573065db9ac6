// two-kinds-of-failure: classify() is judged against live Paper Trail responses and edge cases.
import { describe, expect, it } from 'vitest';
import { check, failures, fixtureDir, unlinkedFrames } from './helpers.ts';

const EX = 'two-kinds-of-failure';

// `frame`: the frame the failing check must link (CheckResult.frame); edge cases have none.
const mistakes: { name: string; check: string; says: string; frame?: number }[] = [
  { name: 'always-ok', frame: 6, check: 'tool-errors', says: '"missing order" (frame' },
  {
    name: 'text-mentions-error',
    check: 'successes',
    says: 'edge case "result text that mentions an error"',
  },
  { name: 'isError-present', check: 'successes', says: 'edge case "explicit isError: false"' },
  {
    name: 'ignores-isError',
    frame: 6,
    check: 'tool-errors',
    says: 'expected "tool-error", classify() returned "ok"',
  },
  {
    name: 'mcp-error-text-is-protocol',
    frame: 8,
    check: 'tool-errors',
    says: '"unknown tool" (frame',
  },
  { name: 'wrong-label', frame: 12, check: 'labels', says: 'classify() returned "error"' },
  { name: 'throws-on-error-response', frame: 12, check: 'labels', says: 'classify() threw' },
  {
    name: 'only-method-not-found',
    frame: 12,
    check: 'protocol-errors',
    says: '"tools/call without a name" (frame',
  },
  {
    name: 'data-means-tool-error',
    check: 'protocol-errors',
    says: 'edge case "error object with data"',
  },
  {
    name: 'swapped',
    frame: 12,
    check: 'protocol-errors',
    says: 'classify() returned "tool-error"',
  },
  { name: 'async-classify', frame: 4, check: 'labels', says: 'Promise' },
  {
    name: 'throws-always',
    frame: 4,
    check: 'successes',
    says: '5 of 5 "ok" case(s) got no label from classify(), e.g. "found order" (frame 4',
  },
  { name: 'misnamed-export', check: 'runs-every-case', says: 'classify() was asked about 0 of' },
];

const correct = ['ok-in-operator', 'ok-switch', 'ok-has-own', 'ok-sdk-schema'];

describe(EX, () => {
  it('fails the starter', async () => {
    const s = await check(EX);
    expect(s.passed).toBe(false);
    expect(s.checks.find((c) => c.id === 'tool-errors')?.ok).toBe(false);
    expect(unlinkedFrames(s)).toBe('');
  });

  it('passes the solution, judged from live frames', async () => {
    const s = await check(EX, { solution: true });
    expect(failures(s)).toBe('');
    expect(s.frames).toBeGreaterThan(20);
    expect(unlinkedFrames(s)).toBe('');
  });

  for (const name of correct) {
    it(`passes a correct classify written differently: ${name}`, async () => {
      const s = await check(EX, { dir: fixtureDir(EX, name) });
      expect(failures(s)).toBe('');
      expect(unlinkedFrames(s)).toBe('');
    });
  }

  for (const m of mistakes) {
    it(`fails ${m.name} with ${m.check}`, async () => {
      const s = await check(EX, { dir: fixtureDir(EX, m.name) });
      const hit = s.checks.find((c) => c.id === m.check);
      expect(hit?.ok, failures(s)).toBe(false);
      expect(hit?.message).toContain(m.says);
      expect(hit?.hint).toBeTruthy();
      expect(hit?.frame).toBe(m.frame);
      expect(unlinkedFrames(s)).toBe('');
    });
  }
});

// stdout-is-the-wire: the learner's server runs under the SDK reference client; stray bytes
// on stdout, lost diagnostics and a broken tool are each caught by their own check.
import { describe, expect, it } from 'vitest';
import { check, failures, fixtureDir, unlinkedFrames } from './helpers.ts';

const EX = 'stdout-is-the-wire';

// `frame`: the frame the failing check must link (CheckResult.frame), when it names one.
const mistakes: { name: string; check: string; says: string; frame?: number; hangs?: boolean }[] = [
  {
    name: 'banner-on-stdout',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: '"=== Paper Trail (exercise copy) v1.0 ===" is not JSON',
  },
  {
    name: 'console-info',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: '"loaded 2 orders" is not JSON',
  },
  {
    name: 'console-debug-in-handler',
    frame: 6,
    check: 'stdout-only-jsonrpc',
    says: '"order_status called for PT-1041"',
  },
  {
    name: 'json-log-line',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: 'is valid JSON but not a JSON-RPC message',
  },
  { name: 'stdout-write', frame: 1, check: 'stdout-only-jsonrpc', says: '"ready" is not JSON' },
  {
    name: 'no-newline-at-exit',
    frame: 9,
    check: 'stdout-only-jsonrpc',
    says: '"bye" is text with no newline after it',
  },
  { name: 'logs-deleted', check: 'diagnostics-on-stderr', says: 'wrote nothing on stderr' },
  { name: 'tool-renamed', frame: 6, check: 'tool-works', says: 'Tool order_status not found' },
  {
    name: 'glued-to-reply',
    frame: 1,
    check: 'stdout-only-jsonrpc',
    says: 'starts with "ready ", written without a newline, so it is glued to the front of a reply',
    hangs: true,
  },
  {
    name: 'crashes-on-missing-order',
    frame: 7,
    check: 'session-completes',
    says: 'Your server exited with code 1',
  },
];

const correct = ['ok-console-warn', 'ok-stderr-write', 'ok-console-on-stderr', 'ok-json-logger'];

describe(EX, () => {
  it('fails the starter, naming every kind of stray line', async () => {
    const s = await check(EX);
    const hit = s.checks.find((c) => c.id === 'stdout-only-jsonrpc');
    expect(hit?.ok).toBe(false);
    expect(hit?.message).toContain('is not JSON: a log line');
    expect(hit?.message).toContain('is valid JSON but not a JSON-RPC message');
    // The tool itself works in the starter: the lesson is about the bytes, not the tool.
    expect(s.checks.find((c) => c.id === 'tool-works')?.ok).toBe(true);
    expect(hit?.frame).toBe(1);
    expect(unlinkedFrames(s)).toBe('');
  });

  it('passes the solution', async () => {
    const s = await check(EX, { solution: true });
    expect(failures(s)).toBe('');
    expect(unlinkedFrames(s)).toBe('');
  });

  for (const name of correct) {
    it(`passes a correct server written differently: ${name}`, async () => {
      const s = await check(EX, { dir: fixtureDir(EX, name) });
      expect(failures(s)).toBe('');
      expect(unlinkedFrames(s)).toBe('');
    });
  }

  for (const m of mistakes) {
    it(`fails ${m.name} with ${m.check}`, async () => {
      // A lost reply hangs the reference client: the limit only needs room for a slow start.
      const s = await check(EX, {
        dir: fixtureDir(EX, m.name),
        timeoutMs: m.hangs ? 15_000 : undefined,
      });
      const hit = s.checks.find((c) => c.id === m.check);
      expect(hit?.ok, failures(s)).toBe(false);
      expect(hit?.message).toContain(m.says);
      expect(hit?.hint).toBeTruthy();
      expect(hit?.frame).toBe(m.frame);
      expect(unlinkedFrames(s)).toBe('');
    });
  }
});

// raw-client: the starter fails, the solution and differently written correct clients pass,
// and each mistaken client fails with the check meant for its mistake.
import { describe, expect, it } from 'vitest';
import { check, failures, fixtureDir, unlinkedFrames } from './helpers.ts';

const EX = 'raw-client';
// Mistakes that make the client hang get a shorter limit: the story is in the frames. It still
// leaves room for Paper Trail to start and answer on a loaded machine (8 s was seen to fail).
const HANG_MS = 15_000;

// `frame`: the frame the failing check must link (CheckResult.frame), when it names one.
const mistakes: {
  name: string;
  check: string;
  says: string;
  frame?: number;
  hangs?: boolean;
}[] = [
  {
    name: 'no-jsonrpc',
    frame: 0,
    check: 'jsonrpc-frames',
    says: 'Your frame 0 has no "jsonrpc" member',
    hangs: true,
  },
  {
    name: 'pretty-printed',
    frame: 0,
    check: 'one-message-per-line',
    says: 'one JSON message split over',
    hangs: true,
  },
  {
    name: 'no-newline',
    frame: 0,
    check: 'one-message-per-line',
    says: 'was never ended with "\\n"',
    hangs: true,
  },
  {
    name: 'notification-with-id',
    frame: 2,
    check: 'notifications-no-id',
    says: 'sends notifications/initialized with "id"',
  },
  {
    name: 'reused-id',
    frame: 3,
    check: 'request-ids',
    says: 'reuses id 1 from frame 0 (initialize)',
  },
  { name: 'null-id', frame: 3, check: 'request-ids', says: 'has "id": null', hangs: true },
  { name: 'args-not-arguments', frame: 5, check: 'tool-call', says: 'puts the order id in "args"' },
  {
    name: 'no-wait-for-initialize',
    frame: 1,
    check: 'handshake',
    says: 'was sent before the initialize result arrived',
  },
  { name: 'unknown-method', frame: 3, check: 'known-methods', says: 'calls "tools/lists"' },
  { name: 'unknown-tool', frame: 5, check: 'tool-call', says: 'asks for the tool "orderStatus"' },
  { name: 'missing-client-info', frame: 0, check: 'handshake', says: 'has no params.clientInfo' },
  {
    name: 'initialised-spelling',
    frame: 2,
    check: 'handshake',
    says: 'sends "notifications/initialised", but the method is',
  },
  {
    name: 'list-before-initialize',
    frame: 0,
    check: 'handshake',
    says: 'Your frame 0 (tools/list) comes before initialize',
  },
  {
    name: 'old-protocol-version',
    frame: 0,
    check: 'handshake',
    says: 'offers protocolVersion "2024-11-05"',
  },
  { name: 'prints-whole-result', check: 'prints-result', says: 'You printed the whole result' },
  {
    name: 'never-closes-stdin',
    frame: 6,
    check: 'clean-exit',
    says: "did not close the server's stdin",
    hangs: true,
  },
  {
    name: 'string-id-matched-as-number',
    frame: 1,
    check: 'clean-exit',
    says: 'the server echoed "1", a string, which is not the number 1',
    hangs: true,
  },
];

const correct = ['ok-string-ids', 'ok-pipelined', 'ok-manual-buffer', 'ok-for-await', 'ok-crlf'];

describe(EX, () => {
  it('fails the starter', async () => {
    const s = await check(EX);
    expect(s.passed).toBe(false);
    expect(s.checks.find((c) => c.id === 'handshake')?.ok).toBe(false);
    expect(unlinkedFrames(s)).toBe('');
  });

  it('passes the solution', async () => {
    const s = await check(EX, { solution: true });
    expect(failures(s)).toBe('');
    expect(s.passed).toBe(true);
    expect(unlinkedFrames(s)).toBe('');
  });

  for (const name of correct) {
    it(`passes a correct client written differently: ${name}`, async () => {
      const s = await check(EX, { dir: fixtureDir(EX, name) });
      expect(failures(s)).toBe('');
      expect(unlinkedFrames(s)).toBe('');
    });
  }

  for (const m of mistakes) {
    it(`fails ${m.name} with ${m.check}`, async () => {
      const s = await check(EX, {
        dir: fixtureDir(EX, m.name),
        timeoutMs: m.hangs ? HANG_MS : undefined,
      });
      expect(s.passed).toBe(false);
      const hit = s.checks.find((c) => c.id === m.check);
      expect(hit?.ok, failures(s)).toBe(false);
      expect(hit?.message).toContain(m.says);
      expect(hit?.hint).toBeTruthy();
      expect(hit?.frame).toBe(m.frame);
      expect(unlinkedFrames(s)).toBe('');
      if (m.hangs) {
        expect(s.verdict).toBe('timeout');
        // A hang is explained from the frames, not reported as a bare timeout.
        expect(hit?.message).toMatch(/dropped|waiting|did not close/);
      }
    });
  }
});

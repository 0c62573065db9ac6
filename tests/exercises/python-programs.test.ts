// Learner programs in another language (--cmd), judged as TypeScript is: for raw-client, tap
// and stdout-is-the-wire, a correct Python program (standard library only) passes, and each
// Python twin of a TypeScript mistake fixture gets, check for check, the verdicts, messages
// and frames its twin gets on the same seed. The Python fixtures sit beside the TypeScript
// ones, in each exercise's fixtures-py/<name>/. A program that never flushes its pipe (the
// mistake Python adds) fails with the hang told from the frames.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Summary } from '../../sandbox/harness/run.ts';
import { check, fixtureDir, folderOf, failures, unlinkedFrames } from './helpers.ts';

/** One seed for every pair: the same data and the same cuts for twin and twin. */
const SEED = 2_718_281;
/** The limit of a mistake that hangs, for both twins (the message names it). */
const HANG_MS = 6_000;

interface Twin {
  name: string;
  hangs?: boolean;
}

interface Exercise {
  id: string;
  cmd: string[];
  correct: string[];
  twins: Twin[];
  /**
   * Python's own mistake: output left in a pipe's buffer. The check that tells it, how, and
   * the limit it runs with (HANG_MS unless the driver needs longer to say so).
   */
  unflushed: { check: string; says: RegExp; timeoutMs?: number };
}

const EXERCISES: Exercise[] = [
  {
    id: 'raw-client',
    cmd: ['python3', 'client.py'],
    correct: ['ok-readline'],
    twins: [
      { name: 'no-newline', hangs: true },
      { name: 'reused-id' },
      { name: 'prints-whole-result' },
    ],
    unflushed: { check: 'clean-exit', says: /started the server but sent nothing/ },
  },
  {
    id: 'tap',
    cmd: ['python3', 'relay.py'],
    correct: ['ok-threads'],
    twins: [
      { name: 'logs-each-read' },
      { name: 'forgets-server-to-client' },
      { name: 'server-stderr-to-stdout' },
    ],
    // The driver waits 10 s for a first reply before it reports its session.
    unflushed: {
      check: 'server-to-client',
      says: /The client never got frame 1/,
      timeoutMs: 30_000,
    },
  },
  {
    id: 'stdout-is-the-wire',
    cmd: ['python3', 'server.py'],
    correct: ['ok-flushed'],
    twins: [{ name: 'banner-on-stdout' }, { name: 'stdout-write' }, { name: 'no-newline-at-exit' }],
    unflushed: {
      check: 'session-completes',
      says: /initialize \(frame 0\) never got a reply it could read/,
    },
  },
];

function pyFixture(id: string, name: string): string {
  return join(folderOf(id).dir, 'fixtures-py', name);
}

/**
 * What a learner reads of a run, check by check: which passed, and every word and frame of
 * those that did not (a passing check may time the run, as tap's do, which no two runs share).
 * tap's driver gives every run ids of its own (six hex digits, and a number from 1000 on),
 * which its messages quote: those are masked.
 */
function reading(s: Summary): { id: string; ok: boolean; message?: string; frame?: number }[] {
  const mask = (text: string) =>
    text.replace(/\b[0-9a-f]{6}-/g, 'RUN-').replace(/("id\\?":)\d{4,5}\b/g, '$1N');
  return s.checks.map((c) =>
    c.ok
      ? { id: c.id, ok: true }
      : { id: c.id, ok: false, message: mask(c.message), frame: c.frame },
  );
}

for (const ex of EXERCISES) {
  describe(`${ex.id} in Python (--cmd ${ex.cmd.join(' ')})`, () => {
    for (const name of ex.correct) {
      it(`passes a correct program: ${name}`, async () => {
        const s = await check(ex.id, { dir: pyFixture(ex.id, name), command: ex.cmd, seed: SEED });
        expect(failures(s)).toBe('');
        expect(s.passed).toBe(true);
        expect(unlinkedFrames(s)).toBe('');
      });
    }

    for (const twin of ex.twins) {
      it(`fails ${twin.name} as its TypeScript twin does`, async () => {
        const timeoutMs = twin.hangs ? HANG_MS : undefined;
        // One after the other: two runs side by side would crowd the cuts on two cores.
        const ts = await check(ex.id, { dir: fixtureDir(ex.id, twin.name), seed: SEED, timeoutMs });
        const py = await check(ex.id, {
          dir: pyFixture(ex.id, twin.name),
          command: ex.cmd,
          seed: SEED,
          timeoutMs,
        });
        expect(ts.passed, 'the TypeScript twin fails').toBe(false);
        expect(py.passed).toBe(false);
        expect(reading(py)).toEqual(reading(ts));
        expect(py.verdict).toBe(ts.verdict);
      });
    }

    it('tells a program that never flushes its pipe from the frames', async () => {
      const s = await check(ex.id, {
        dir: pyFixture(ex.id, 'unflushed'),
        command: ex.cmd,
        seed: SEED,
        timeoutMs: ex.unflushed.timeoutMs ?? HANG_MS,
      });
      expect(s.passed).toBe(false);
      const hit = s.checks.find((c) => c.id === ex.unflushed.check);
      expect(hit?.ok, failures(s)).toBe(false);
      expect(hit?.message).toMatch(ex.unflushed.says);
    });
  });
}

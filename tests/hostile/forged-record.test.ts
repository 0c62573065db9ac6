// the tap's record must be out of the learner's reach, and a damaged
// record is a harness error (exit 3, a sentence), never a verdict or a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checks } from '../../sandbox/course/exercise-checks.ts';
import { runExercise } from '../../sandbox/harness/run.ts';
import { TapRecordError, TapRecordParser } from '../../sandbox/tap/record-file.ts';
import { checkDir, checkDirWith, fixture } from './cli.ts';

const FORGED = fixture('forged-record');
const FROM_REACH = fixture('forges-from-reach');
const DAMAGED = fixture('damaged-record');
const LIMITS = { timeoutMs: 5000, checks };
const RELAY = [
  process.execPath,
  fileURLToPath(new URL('../../sandbox/tap/relay-main.ts', import.meta.url)),
];

describe('a forged tap record', () => {
  it('does not pass a program that never started the server', async () => {
    const summary = await runExercise(
      { exercise: 'raw-client', mode: 'check', workspace: FORGED, ...LIMITS },
      () => {},
    );
    expect(summary.verdict).toBe('completed');
    expect(summary.passed).toBe(false);
    expect(summary.frames).toBe(0);
  });

  it('fails from the CLI with exit 1', () => {
    const r = checkDir('raw-client', FORGED);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/^FAIL /m);
    expect(r.out).not.toMatch(/\b\d+ passed, 0 failed/);
  });
});

// The program is handed how to reach the server, and can read its own argv and environment
// and, where no namespace hides them, the command lines and open files of the processes
// above it: none of that may lead it to anything the harness takes as the wire.
describe('a tap record forged from what the program can reach', () => {
  it('does not pass a program that never started the server', async () => {
    const summary = await runExercise(
      { exercise: 'raw-client', mode: 'check', workspace: FROM_REACH, ...LIMITS },
      () => {},
    );
    expect(summary.verdict).toBe('completed');
    expect(summary.passed).toBe(false);
    expect(summary.frames).toBe(0);
  });

  it.each([
    ['in its namespace', {}],
    ['with the harness in view (no namespace)', { MCPW_CONTAINMENT: 'off' }],
  ])('fails from the CLI with exit 1, %s', (_where, env) => {
    const r = checkDirWith(env, 'raw-client', FROM_REACH);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/^FAIL /m);
    expect(r.out).not.toMatch(/\b\d+ passed, 0 failed/);
  });
});

// A learner's server is docked too: no relay above it holds a record file, so a server that
// looks for one to damage finds none and is judged on what it sent (nothing: the client
// fails). Behind a relay (a run that names one), the same server damages the record.
describe("a learner's server that looks for the record", () => {
  it.each([
    ['in its namespace', {}],
    ['with the harness in view (no namespace)', { MCPW_CONTAINMENT: 'off' }],
  ])('finds none and is judged, %s', (_where, env) => {
    const r = checkDirWith(env, 'stdout-is-the-wire', DAMAGED);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(/^FAIL /m);
    expect(r.out).toMatch(/record: none in reach/);
    expect(r.err).not.toMatch(/harness error/);
  });
});

describe('a damaged tap record', () => {
  it('is a parse error that names the line', () => {
    const parser = new TapRecordParser();
    const good = JSON.stringify({ relay: 1, t: 1, k: 'start' }) + '\n';
    expect(parser.push(Buffer.from(good))).toHaveLength(1);
    expect(() => parser.push(Buffer.from('{"relay":1,"t":1,"k":"nonsense"}\n'))).toThrow(
      TapRecordError,
    );
    expect(() => new TapRecordParser().push(Buffer.from('garbage\n'))).toThrow(/line 1/);
    expect(() => new TapRecordParser().push(Buffer.from(good + '[1,2]\n'))).toThrow(/line 2/);
  });

  it('ends the run as a harness error, not a verdict on the learner', async () => {
    let stderr = '';
    const summary = await runExercise(
      {
        exercise: 'stdout-is-the-wire',
        mode: 'check',
        workspace: DAMAGED,
        relay: RELAY,
        ...LIMITS,
      },
      (e) => {
        if (e.type === 'stderr') stderr += e.text;
      },
    );
    expect(summary.verdict).toBe('error');
    expect(summary.checks).toEqual([]);
    expect(summary.summary).toMatch(/tap record is damaged: line \d+ is not JSON/);
    const record = /record: (.+)/.exec(stderr)?.[1];
    expect(record, stderr).toBeDefined();
    // Outside the work folder, and gone with the run.
    expect(record).not.toContain('.workspaces');
    expect(existsSync(record!)).toBe(false);
  });
});

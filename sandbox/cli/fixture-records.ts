// A fixture's recorded check run, stored beside its folder as `<name>.record.json`: every
// session the harness recorded (frames, stdout, stderr, exits, seed, scenario) and what the
// recording depended on (record-inputs.ts). `exercise fixtures <id> --record` writes them;
// the tests judge them with today's checks in milliseconds instead of starting processes,
// because a check is a function of the record alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Check, RunRecord } from '../contract/check.ts';
import type { CheckResult } from '../contract/events.ts';
import type { Verdict } from '../contract/check.ts';
import { judgeSessions, type RecordedSession } from '../harness/judge.ts';
import { FrameRecord } from '../wire/record.ts';
import type { RecordInputs } from './record-inputs.ts';

export const RECORD_SUFFIX = '.record.json';

/** Where a fixture's record sits: beside its folder, in the same fixtures/ folder. */
export function recordPath(fixturesDir: string, name: string): string {
  return join(fixturesDir, `${name}${RECORD_SUFFIX}`);
}

const VERDICTS = [
  'completed',
  'timeout',
  'output-limit',
  'memory-limit',
  'crashed',
  'error',
] as const satisfies readonly Verdict[];

const Exit = z.object({ code: z.number().int().nullable(), signal: z.string().nullable() });

const ProcessSchema = z.object({ stdout: z.string(), stderr: z.string(), exit: Exit.nullable() });

const RunRecordSchema = z.object({
  exercise: z.string(),
  learner: z.enum(['program', 'peer']),
  frames: z.array(FrameRecord),
  unterminated: z.array(z.number().int().nonnegative()),
  stdinClosed: z.boolean(),
  peerStarted: z.boolean(),
  program: ProcessSchema,
  printed: z.array(z.object({ offset: z.number().int(), frames: z.number().int() })),
  seed: z.number().int().optional(),
  splitDelivery: z.boolean(),
  peer: ProcessSchema,
  verdict: z.enum(VERDICTS),
  timeoutMs: z.number(),
  killed: z.number().int().optional(),
  durationMs: z.number(),
});

const RecordFile = z
  .object({
    exercise: z.string(),
    fixture: z.string(),
    inputs: z.object({ engine: z.string(), exercise: z.string(), fixture: z.string() }),
    // Why the fixture is not recorded and runs live each time, in place of its sessions.
    live: z.string().min(1).optional(),
    sessions: z
      .array(z.object({ scenario: z.string().optional(), record: RunRecordSchema }))
      .default([]),
  })
  .refine((f) => (f.live === undefined) === f.sessions.length > 0, {
    message: 'a record holds either its sessions or, under "live", why it has none',
    path: ['sessions'],
  });

export interface FixtureRecord {
  exercise: string;
  fixture: string;
  inputs: RecordInputs;
  /** Why there are no sessions: the fixture runs live each time (record-fixtures.ts). */
  live?: string;
  sessions: RecordedSession[];
}

/** The seed the record's runs used (every session of a check run shares one). */
export function seedOf(record: FixtureRecord): number | undefined {
  return record.sessions[0]?.record.seed;
}

/** The stored form: a Set becomes a sorted list, and each frame sits on a line of its own. */
function stored(record: FixtureRecord): string {
  const sessions = record.sessions.map(({ scenario, record: run }) => ({
    ...(scenario === undefined ? {} : { scenario }),
    record: { ...run, unterminated: [...run.unterminated].sort((a, b) => a - b) },
  }));
  return `${JSON.stringify({ ...record, sessions }, null, 1)}\n`;
}

/** Writes the record and says how many bytes it took. */
export function writeFixtureRecord(path: string, record: FixtureRecord): number {
  const text = stored(record);
  writeFileSync(path, text);
  return Buffer.byteLength(text);
}

/** The record at `path`, or undefined when there is none; a broken one is an error naming it. */
export function readFixtureRecord(path: string): FixtureRecord | undefined {
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: not JSON (${(err as Error).message}); record it again with --record`);
  }
  const parsed = RecordFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || '(the whole file)';
    throw new Error(`${path}: ${field}: ${issue.message}; record it again with --record`);
  }
  const { live, ...rest } = parsed.data;
  return {
    ...rest,
    ...(live === undefined ? {} : { live }),
    sessions: parsed.data.sessions.map(({ scenario, record }) => ({
      ...(scenario === undefined ? {} : { scenario }),
      record: { ...record, unterminated: new Set(record.unterminated) } satisfies RunRecord,
    })),
  };
}

export interface JudgedRecord {
  verdict: Verdict;
  passed: boolean;
  checks: CheckResult[];
}

/** A stored run judged as the harness judges a live one (judgeSessions), with today's checks. */
export function judgeFixtureRecord(checks: readonly Check[], record: FixtureRecord): JudgedRecord {
  if (record.live !== undefined) throw new Error(`${record.fixture} runs live: ${record.live}`);
  const { results, shown } = judgeSessions(checks, record.sessions);
  return {
    verdict: record.sessions[shown]!.record.verdict,
    passed: results.every((r) => r.ok),
    checks: results,
  };
}

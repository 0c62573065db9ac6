// Checks for two-kinds-of-failure: the learner's classify() is judged against the responses
// Paper Trail really sent (read from the recorded frames) and a few hand-made edge cases.
import { frameRef, joined, say } from '../../sandbox/checks/say.ts';
import type {
  Check,
  Outcome as RunOutcome,
  RunRecord,
  Said,
} from '../../sandbox/contract/check.ts';
import { conversation } from '../../sandbox/checks/client-checks.ts';
import { clip, quote, stderrGist } from '../../sandbox/checks/frames.ts';
import { failureKindOf, readMessage } from '../../sandbox/wire/read.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { edgeCases, liveCases } from './starter/cases.ts';

type Outcome = 'ok' | 'tool-error' | 'protocol-error';
const OUTCOMES: readonly string[] = ['ok', 'tool-error', 'protocol-error'];

interface Answer {
  case: string;
  edge?: boolean;
  id?: string | number;
  response?: unknown;
  answer?: string;
  threw?: string;
}

interface Judged {
  name: string;
  /** The frame the response was recorded in (live cases only). */
  frame?: number;
  response: unknown;
  expected: Outcome;
  answer: Answer;
}

/** The rule the lesson teaches, as the wire module decides it for every frame. */
function truth(response: unknown): Outcome {
  const message = readMessage(response);
  const kind = message && failureKindOf(message);
  if (!kind)
    throw new Error(`case response is not a JSON-RPC reply: ${clip(JSON.stringify(response), 80)}`);
  return kind;
}

/** A line of the driver that could not be read: cut at the output limit, or not its own. */
function readAnswer(line: string): Answer | null {
  try {
    const value = JSON.parse(line.slice('@@case '.length)) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as Answer).case === 'string'
      ? (value as Answer)
      : null;
  } catch {
    return null;
  }
}

function answers(run: RunRecord): Answer[] {
  return run.program.stdout
    .split('\n')
    .filter((l) => l.startsWith('@@case '))
    .map(readAnswer)
    .filter((a): a is Answer => a !== null);
}

const judgedByRun = new WeakMap<RunRecord, Judged[]>();
function judged(run: RunRecord): Judged[] {
  const cached = judgedByRun.get(run);
  if (cached) return cached;
  const conv = conversation(run);
  const out: Judged[] = [];
  for (const a of answers(run)) {
    if (a.edge) {
      out.push({ name: a.case, response: a.response, expected: truth(a.response), answer: a });
      continue;
    }
    const read = conv
      .from('s2c')
      .find(
        (r) =>
          (r.message?.kind === 'result' || r.message?.kind === 'error') && r.message.id === a.id,
      );
    if (!read) continue;
    out.push({
      name: a.case,
      frame: read.frame.seq,
      response: read.json,
      expected: truth(read.json),
      answer: a,
    });
  }
  judgedByRun.set(run, out);
  return out;
}

function said(j: Judged): string {
  if (j.answer.threw !== undefined) return `threw ${quote(j.answer.threw)}`;
  return `returned ${JSON.stringify(j.answer.answer)}`;
}

function where(j: Judged): Said {
  return j.frame !== undefined
    ? say`"${j.name}" (${frameRef(j.frame)}: ${clip(JSON.stringify(j.response), 110)})`
    : say`edge case "${j.name}" (${clip(JSON.stringify(j.response), 110)})`;
}

const loads: Check = {
  id: 'runs-every-case',
  title: 'outcome.ts loads and classify() is asked about every case',
  hint: 'Export a function named classify from outcome.ts; run `node drive.ts node <paper trail>` to see errors.',
  run(run) {
    const got = answers(run);
    const total = liveCases.length + edgeCases.length;
    if (got.length === total)
      return { ok: true, message: `classify() answered all ${total} cases.` };
    const tail = stderrGist(run.program.stderr);
    const why =
      run.verdict === 'timeout'
        ? ` The run was stopped at ${run.timeoutMs / 1000} s: does classify() loop or wait?`
        : run.verdict === 'output-limit'
          ? ' The run was stopped for writing too much output: does classify() return something huge, or print a lot?'
          : tail
            ? ` The driver stopped with: ${quote(tail, 300)}`
            : '';
    return {
      ok: false,
      message: `classify() was asked about ${got.length} of ${total} cases before the driver stopped.${why}`,
    };
  },
};

const labels: Check = {
  id: 'labels',
  title: 'classify() returns one of the three labels and never throws',
  hint: 'Return exactly "ok", "tool-error" or "protocol-error"; read result and error with optional chaining (response.result?.isError).',
  run(run) {
    const all = judged(run);
    // Nothing answered is nothing to judge: not reached (the first check says why).
    if (all.length === 0) {
      return notReached('classify() answered no case, so no label could be judged.');
    }
    const bad = all.filter(
      (j) => j.answer.threw !== undefined || !OUTCOMES.includes(j.answer.answer ?? ''),
    );
    if (bad.length === 0) return { ok: true, message: 'Every answer was one of the three labels.' };
    const first = bad[0];
    return {
      ok: false,
      ...(first.frame !== undefined && { frame: first.frame }),
      message: say`For ${where(first)} classify() ${said(first)}; it must return "ok", "tool-error" or "protocol-error".${
        bad.length > 1 ? ` ${bad.length - 1} more case(s) went the same way.` : ''
      }`,
    };
  },
};

function outcomeCheck(expected: Outcome, id: string, title: string, hint: string): Check {
  return {
    id,
    title,
    hint,
    run(run) {
      const mine = judged(run).filter((j) => j.expected === expected);
      if (mine.length === 0) return notReached(`No "${expected}" case was answered.`);
      const wrong = mine.filter(
        (j) => j.answer.answer !== expected && OUTCOMES.includes(j.answer.answer ?? ''),
      );
      const unlabelled = mine.filter((j) => j.answer.answer !== expected && !wrong.includes(j));
      if (wrong.length === 0 && unlabelled.length === 0) {
        return { ok: true, message: `All ${mine.length} "${expected}" cases were right.` };
      }
      if (wrong.length === 0) {
        // A classify() that throws is never right: do not call its cases right here.
        const first = unlabelled[0];
        const out: RunOutcome = {
          ok: false,
          message: say`${unlabelled.length} of ${mine.length} "${expected}" case(s) got no label from \
classify(), e.g. ${where(first)}, where it ${said(first)} (see the labels check).`,
        };
        const at = unlabelled.find((j) => j.frame !== undefined)?.frame;
        if (at !== undefined && unlabelled[0].frame === at) out.frame = at;
        return out;
      }
      const lines = wrong.map(
        (j) => say`${where(j)}: expected "${expected}", classify() ${said(j)}`,
      );
      // Edge cases have no frame: point at the first live case that went wrong, if any.
      const at = wrong.find((j) => j.frame !== undefined)?.frame;
      const out: RunOutcome = { ok: false, message: say`${joined(lines, '; ')}.` };
      if (at !== undefined) out.frame = at;
      return out;
    },
  };
}

export const checks: Check[] = [
  loads,
  labels,
  outcomeCheck(
    'ok',
    'successes',
    'Successful responses are "ok"',
    'A result is ok unless isError is exactly true: isError:false and text mentioning "error" are still ok.',
  ),
  outcomeCheck(
    'tool-error',
    'tool-errors',
    'Results with isError: true are "tool-error"',
    'Look at result.isError. Paper Trail reports a missing order, an unknown tool and bad arguments this way.',
  ),
  outcomeCheck(
    'protocol-error',
    'protocol-errors',
    'Responses with an error member are "protocol-error"',
    'Any response with an "error" member is a protocol error, whatever its code and whether or not it has data.',
  ),
];

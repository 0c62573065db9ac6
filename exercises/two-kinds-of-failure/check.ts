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
import { clip, quote } from '../../sandbox/checks/frames.ts';
import { failureKindOf, readMessage } from '../../sandbox/wire/read.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { counted } from '../../sandbox/checks/words.ts';
import { edgeCases, liveCases } from './starter/cases.ts';
import { driverReports, whyDriverStopped } from '../../sandbox/checks/driver-reports.ts';

type Outcome = 'ok' | 'tool-error' | 'protocol-error';
const OUTCOMES: readonly string[] = ['ok', 'tool-error', 'protocol-error'];

interface Answer {
  case: string;
  edge?: boolean;
  id?: string | number;
  response?: unknown;
  answer?: string;
  /** What classify() handed the model; absent when it returned no forModel at all. */
  forModel?: string | null;
  threw?: string;
}

interface Judged {
  name: string;
  /** The frame the response was recorded in (live cases only). */
  frame?: number;
  response: unknown;
  expected: Outcome;
  /** What the model should be handed: the reply's text, or null for a protocol error. */
  forModel: string | null;
  /** How many "text" items the reply's content has; undefined when it has no content. */
  texts?: number;
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

/**
 * What the model should see of a reply: the text of each "text" item of a result's content,
 * joined with newlines (a tool error's text included, so the model can recover), and nothing
 * of a protocol error, which is the client's to handle. The wire module reads the frame; the
 * content inside a result is MCP's, read here. `texts` is undefined for a result without
 * content (tools/list, ping): not a tool's answer, so what it hands the model is not judged.
 */
function forModelOf(response: unknown): { forModel: string | null; texts?: number } {
  const message = readMessage(response);
  if (message?.kind !== 'result') return { forModel: null, texts: 0 };
  const content = message.result.content;
  if (!Array.isArray(content)) return { forModel: null };
  const texts = (content as unknown[])
    .filter(
      (item): item is { type: 'text'; text: string } =>
        typeof item === 'object' &&
        item !== null &&
        (item as { type?: unknown }).type === 'text' &&
        typeof (item as { text?: unknown }).text === 'string',
    )
    .map((item) => item.text);
  return { forModel: texts.join('\n'), texts: texts.length };
}

function answers(run: RunRecord): Answer[] {
  return driverReports(run.program.stdout, 'case')
    .map((r) => r.value)
    .filter((v): v is Record<string, unknown> & Answer => typeof v.case === 'string');
}

const judgedByRun = new WeakMap<RunRecord, Judged[]>();
function judged(run: RunRecord): Judged[] {
  const cached = judgedByRun.get(run);
  if (cached) return cached;
  const conv = conversation(run);
  const out: Judged[] = [];
  for (const a of answers(run)) {
    if (a.edge) {
      out.push({
        name: a.case,
        response: a.response,
        expected: truth(a.response),
        ...forModelOf(a.response),
        answer: a,
      });
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
      ...forModelOf(read.json),
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

/** What classify() handed the model, in words. */
function handed(a: Answer): string {
  if (a.forModel === undefined) return 'no forModel at all';
  if (a.forModel === null) return 'nothing (null)';
  return quote(a.forModel, 120);
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
    const why = whyDriverStopped(run, 'classify()');
    return {
      ok: false,
      message: `classify() was asked about ${got.length} of ${total} cases before the driver stopped.${why}`,
    };
  },
};

const labels: Check = {
  id: 'labels',
  title: 'classify() returns one of the three labels and never throws',
  hint: 'Return { kind, forModel } with kind exactly "ok", "tool-error" or "protocol-error"; read result and error with optional chaining (response.result?.isError).',
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
      message: say`For ${where(first)} classify() ${said(first)} as the kind; it must be "ok", "tool-error" or "protocol-error".${
        bad.length > 1 ? ` ${counted(bad.length - 1, 'more case')} went the same way.` : ''
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
          message: say`${unlabelled.length} of ${counted(mine.length, `"${expected}" case`)} got no label from \
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

/** Whether a handed text is a whole result serialised (it has the result's members). */
function isResultJson(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && 'content' in value;
  } catch {
    return false;
  }
}

/** Why a handed text is not the reply's text, for the mistakes a learner is likely to make. */
function whyNotTheText(j: Judged): string {
  const given = j.answer.forModel;
  const want = `the model should read ${quote(j.forModel ?? '', 120)}`;
  if (given === null || given === undefined) {
    return j.expected === 'tool-error'
      ? `a tool error's text is what the model needs to recover (retry, ask the user, try another way); only a protocol error hands it nothing: ${want}`
      : `a successful result's text is the answer the model asked for: ${want}`;
  }
  if (isResultJson(given)) {
    return `that is the result as JSON, not its text; the model reads the text items: ${want}`;
  }
  const texts = j.forModel?.split('\n') ?? [];
  if ((j.texts ?? 0) > 1 && given === texts[0]) {
    return `that is only the first of the reply's ${j.texts} text items; join them all with "\\n": ${want}`;
  }
  if (given.includes('undefined') && !j.forModel?.includes('undefined')) {
    return `"undefined" is what an item without text (an image) gives; keep only the items whose type is "text": ${want}`;
  }
  const withoutBlanks = given
    .split('\n')
    .filter((line) => line !== '')
    .join('\n');
  if (withoutBlanks === j.forModel && given !== j.forModel) {
    return `an item that is not text (an image) added an empty line; keep only the items whose type is "text": ${want}`;
  }
  const [head, tail] = [texts[0] ?? '', texts.at(-1) ?? ''];
  if (texts.length === 2 && given.startsWith(head) && given.endsWith(tail)) {
    const between = given.slice(head.length, given.length - tail.length);
    return `the text items are joined with ${JSON.stringify(between)}; join them with "\\n": ${want}`;
  }
  return `${want} (the text of each "text" item of result.content, joined with "\\n")`;
}

/** The first case of a list, a live one if any (it has a frame to point at). */
function firstOf(list: Judged[]): Judged {
  return list.find((j) => j.frame !== undefined) ?? list[0];
}

function pointAt(j: Judged, message: Said, more: number): RunOutcome {
  const out: RunOutcome = {
    ok: false,
    message: more > 0 ? say`${message} ${counted(more, 'more case')} went wrong too.` : message,
  };
  if (j.frame !== undefined) out.frame = j.frame;
  return out;
}

const textForModel: Check = {
  id: 'text-for-model',
  title: 'For a result, failed tool or not, the model is handed the text of its content',
  hint: 'Hand the model the text of each "text" item in result.content, joined with "\\n", for a tool error too: its text is how the model learns what went wrong. Items of other types are not text.',
  run(run) {
    // A case that threw has no answer to judge here; the labels check names it.
    const mine = judged(run).filter(
      (j) =>
        j.expected !== 'protocol-error' && j.texts !== undefined && j.answer.threw === undefined,
    );
    if (mine.length === 0) return notReached('No tool result was answered.');
    const wrong = mine.filter((j) => j.answer.forModel !== j.forModel);
    if (wrong.length === 0) {
      return { ok: true, message: `All ${mine.length} tool results handed the model their text.` };
    }
    const first = firstOf(wrong);
    return pointAt(
      first,
      say`For ${where(first)} classify() handed the model ${handed(first.answer)}; ${whyNotTheText(first)}.`,
      wrong.length - 1,
    );
  },
};

const nothingForModel: Check = {
  id: 'nothing-for-model',
  title: 'A protocol error hands the model nothing',
  hint: 'Return forModel: null for a response with an "error" member: the request failed, not the tool, so the host handles it (logs or reports error.message) and the model has nothing to act on.',
  run(run) {
    const mine = judged(run).filter(
      (j) => j.expected === 'protocol-error' && j.answer.threw === undefined,
    );
    if (mine.length === 0) return notReached('No protocol-error case was answered.');
    const wrong = mine.filter((j) => j.answer.forModel !== null);
    if (wrong.length === 0) {
      return { ok: true, message: `All ${mine.length} protocol errors handed the model nothing.` };
    }
    const first = firstOf(wrong);
    return pointAt(
      first,
      say`For ${where(first)} classify() handed the model ${handed(first.answer)}; a protocol error is \
the client's to handle (log or report error.message), not the model's, so forModel must be null.`,
      wrong.length - 1,
    );
  },
};

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
  textForModel,
  nothingForModel,
];

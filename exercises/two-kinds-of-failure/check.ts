// Checks for two-kinds-of-failure: the learner's classify() is judged against the responses
// Paper Trail really sent (read from the recorded frames) and a few hand-made edge cases.
import {
  andMore,
  caseRows,
  clip,
  counted,
  fail,
  failureKindOf,
  frameRef,
  joined,
  parsedLine,
  pass,
  perRun,
  quote,
  readMessage,
  replyById,
  say,
  textsOf,
  unjudged,
  whyDriverStopped,
  type Check,
  type RunRecord,
  type Said,
} from '../../sandbox/checks/index.ts';
import { edgeCases, liveCases } from './starter/cases.ts';

type Label = 'ok' | 'tool-error' | 'protocol-error';
const LABELS: readonly string[] = ['ok', 'tool-error', 'protocol-error'];

/** One `@@case` row: the case, the response classify() was given (edge cases), and its answer. */
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
  /** The frame the response was recorded in (live cases only). */
  frame?: number;
  response: unknown;
  expected: Label;
  /** What the model should be handed: the reply's text, or null for a protocol error. */
  forModel: string | null;
  /** How many "text" items the reply's content has; undefined when it has no content. */
  texts?: number;
  answer: Answer;
}

/** The rule the lesson teaches, as the wire module decides it for every frame. */
function truth(response: unknown): Label {
  const message = readMessage(response);
  const kind = message && failureKindOf(message);
  if (!kind)
    throw new Error(`case response is not a JSON-RPC reply: ${clip(JSON.stringify(response), 80)}`);
  return kind;
}

/**
 * What the model should see of a reply: its "text" items joined with newlines (a tool error's
 * too, so the model can recover), and nothing of a protocol error, the client's to handle.
 * `texts` is undefined for a result without content (tools/list, ping): not a tool's answer.
 */
function forModelOf(response: unknown): { forModel: string | null; texts?: number } {
  const message = readMessage(response);
  if (message?.kind !== 'result') return { forModel: null, texts: 0 };
  if (!Array.isArray(message.result.content)) return { forModel: null };
  const texts = textsOf(message.result);
  return { forModel: texts.join('\n'), texts: texts.length };
}

const answers = (run: RunRecord) => caseRows<Answer>(run);

/** Every answered case with the label it should get; a live case whose reply is missing is left out. */
const judged = perRun((run): Judged[] =>
  answers(run).flatMap((a) => {
    const read = a.edge ? undefined : replyById(run, a.id);
    if (!a.edge && !read) return [];
    const response = read ? read.json : a.response;
    const frame = read ? { frame: read.frame.seq } : {};
    return [{ ...frame, response, expected: truth(response), ...forModelOf(response), answer: a }];
  }),
);

/** What classify() gave as the kind, in words. */
const said = ({ answer }: Judged) =>
  answer.threw !== undefined
    ? `threw ${quote(answer.threw)}`
    : `returned ${JSON.stringify(answer.answer)}`;

/** What classify() handed the model, in words. */
function handed(a: Answer): string {
  if (a.forModel === undefined) return 'no forModel at all';
  if (a.forModel === null) return 'nothing (null)';
  return quote(a.forModel, 120);
}

function where(j: Judged): Said {
  const response = clip(JSON.stringify(j.response), 110);
  return j.frame !== undefined
    ? say`"${j.answer.case}" (${frameRef(j.frame)}: ${response})`
    : say`edge case "${j.answer.case}" (${response})`;
}

/** Did classify() give one of the three labels (and not throw)? */
const labelled = (j: Judged) =>
  j.answer.threw === undefined && LABELS.includes(j.answer.answer ?? '');

const loads: Check = {
  id: 'runs-every-case',
  title: 'outcome.ts loads and classify() is asked about every case',
  hint: 'Export a function named classify from outcome.ts; run `node drive.ts node <paper trail>` to see errors.',
  run(run) {
    const got = answers(run);
    const total = liveCases.length + edgeCases.length;
    if (got.length === total) return pass`classify() answered all ${total} cases.`;
    const why = whyDriverStopped(run, 'classify()');
    return fail`classify() was asked about ${got.length} of ${total} cases before the driver stopped.${why}`;
  },
};

const labels: Check = {
  id: 'labels',
  title: 'classify() returns one of the three labels and never throws',
  hint: 'Return { kind, forModel } with kind exactly "ok", "tool-error" or "protocol-error"; read result and error with optional chaining (response.result?.isError).',
  run(run) {
    const all = judged(run);
    // Nothing answered is nothing to judge: not reached (the first check says why).
    if (all.length === 0)
      return unjudged`classify() answered no case, so no label could be judged.`;
    const bad = all.filter((j) => !labelled(j));
    if (bad.length === 0) return pass`Every answer was one of the three labels.`;
    const first = bad[0];
    return fail(
      andMore(
        say`For ${where(first)} classify() ${said(first)} as the kind; it must be "ok", "tool-error" or "protocol-error".`,
        bad.length - 1,
        'went the same way',
      ),
      first.frame,
    );
  },
};

function outcomeCheck(expected: Label, id: string, title: string, hint: string): Check {
  return {
    id,
    title,
    hint,
    run(run) {
      const mine = judged(run).filter((j) => j.expected === expected);
      if (mine.length === 0) return unjudged`No "${expected}" case was answered.`;
      const wrong = mine.filter(
        (j) => j.answer.answer !== expected && LABELS.includes(j.answer.answer ?? ''),
      );
      const unlabelled = mine.filter((j) => j.answer.answer !== expected && !wrong.includes(j));
      if (wrong.length === 0 && unlabelled.length === 0)
        return pass`All ${mine.length} "${expected}" cases were right.`;
      if (wrong.length === 0) {
        // A classify() that throws is never right: do not call its cases right here.
        const first = unlabelled[0];
        return fail(
          say`${unlabelled.length} of ${counted(mine.length, `"${expected}" case`)} got no label from \
classify(), e.g. ${where(first)}, where it ${said(first)} (see the labels check).`,
          first.frame,
        );
      }
      const lines = wrong.map(
        (j) => say`${where(j)}: expected "${expected}", classify() ${said(j)}`,
      );
      // Edge cases have no frame: point at the first live case that went wrong, if any.
      return fail(say`${joined(lines, '; ')}.`, firstOf(wrong).frame);
    },
  };
}

/** Whether a handed text is a whole result serialised (it has the result's members). */
const isResultJson = (text: string) => {
  const value = parsedLine(text);
  return typeof value === 'object' && value !== null && 'content' in value;
};

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
const firstOf = (list: Judged[]) => list.find((j) => j.frame !== undefined) ?? list[0];

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
    if (mine.length === 0) return unjudged`No tool result was answered.`;
    const wrong = mine.filter((j) => j.answer.forModel !== j.forModel);
    if (wrong.length === 0)
      return pass`All ${mine.length} tool results handed the model their text.`;
    const first = firstOf(wrong);
    return fail(
      andMore(
        say`For ${where(first)} classify() handed the model ${handed(first.answer)}; ${whyNotTheText(first)}.`,
        wrong.length - 1,
      ),
      first.frame,
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
    if (mine.length === 0) return unjudged`No protocol-error case was answered.`;
    const wrong = mine.filter((j) => j.answer.forModel !== null);
    if (wrong.length === 0)
      return pass`All ${mine.length} protocol errors handed the model nothing.`;
    const first = firstOf(wrong);
    return fail(
      andMore(
        say`For ${where(first)} classify() handed the model ${handed(first.answer)}; a protocol error is \
the client's to handle (log or report error.message), not the model's, so forModel must be null.`,
        wrong.length - 1,
      ),
      first.frame,
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

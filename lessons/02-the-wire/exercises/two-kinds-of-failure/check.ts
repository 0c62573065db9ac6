// Checks for two-kinds-of-failure: the learner's classify() is judged against the responses
// Paper Trail really sent (read from the recorded frames) and a few hand-made edge cases.
import {
  allOf,
  asksEveryCase,
  caseCheck,
  caseResponses,
  clip,
  counted,
  fail,
  failureKindOf,
  frameRef,
  isObject,
  joined,
  parsedLine,
  pass,
  perRun,
  quote,
  readMessage,
  say,
  textsOf,
  unjudged,
  type AboutAResponse,
  type CaseResponse,
  type Check,
  type CheckMeta,
  type Said,
} from '../../../../sandbox/checks/index.ts';
import { edgeCases, liveCases } from './starter/cases.ts';

type Label = 'ok' | 'tool-error' | 'protocol-error';
const LABELS: readonly string[] = ['ok', 'tool-error', 'protocol-error'];
const isLabel = (answer?: string) => LABELS.includes(answer ?? '');

/** One `@@case` row: the response classify() was given (edge cases), and its answer. */
interface Answer extends AboutAResponse {
  answer?: string;
  /** What classify() handed the model; absent when it returned no forModel at all. */
  forModel?: string | null;
  threw?: string;
}

/** What a case should get: its label, and what the model should read of its reply. */
interface Truth {
  expected: Label;
  forModel: string | null;
  texts?: number;
}

type Judged = CaseResponse<Answer> & Truth;

/**
 * The rule the lesson teaches, as the wire module decides it, and what the model should see of a
 * reply: its "text" items joined with newlines (a tool error's too, so the model can recover),
 * nothing of a protocol error (the client's to handle), and no `texts` for a result without
 * content (tools/list, ping): not a tool's answer.
 */
function truthOf(response: unknown): Truth {
  const message = readMessage(response);
  const expected = message && failureKindOf(message);
  if (!expected)
    throw new Error(`case response is not a JSON-RPC reply: ${clip(JSON.stringify(response), 80)}`);
  if (message.kind !== 'result') return { expected, forModel: null, texts: 0 };
  if (!Array.isArray(message.result.content)) return { expected, forModel: null };
  const texts = textsOf(message.result);
  return { expected, forModel: texts.join('\n'), texts: texts.length };
}

/** Every answered case with the label it should get; a live case whose reply is missing is left out. */
const judged = perRun((run): Judged[] =>
  caseResponses<Answer>(run).map((c) => ({ ...c, ...truthOf(c.response) })),
);

/** What classify() gave as the kind, in words. */
const said = ({ row }: Judged) =>
  row.threw !== undefined ? `threw ${quote(row.threw)}` : `returned ${JSON.stringify(row.answer)}`;

/** What classify() handed the model, in words. */
function handed(a: Answer): string {
  if (a.forModel === undefined) return 'no forModel at all';
  if (a.forModel === null) return 'nothing (null)';
  return quote(a.forModel, 120);
}

function where(j: Judged): Said {
  const response = clip(JSON.stringify(j.response), 110);
  return j.frame !== undefined
    ? say`"${j.row.case}" (${frameRef(j.frame)}: ${response})`
    : say`edge case "${j.row.case}" (${response})`;
}

const loads = asksEveryCase({
  id: 'runs-every-case',
  title: 'outcome.ts loads and classify() is asked about every case',
  hint: 'Export a function named classify from outcome.ts; run `node drive.ts node <paper trail>` to see errors.',
  fn: 'classify()',
  total: () => liveCases.length + edgeCases.length,
});

const labels = caseCheck(judged, {
  id: 'labels',
  title: 'classify() returns one of the three labels and never throws',
  hint: 'Return { kind, forModel } with kind exactly "ok", "tool-error" or "protocol-error"; read result and error with optional chaining (response.result?.isError).',
  // Nothing answered is nothing to judge: not reached (the first check says why).
  none: 'classify() answered no case, so no label could be judged.',
  good: () => 'Every answer was one of the three labels.',
  wrong: (j) =>
    (j.row.threw !== undefined || !isLabel(j.row.answer)) &&
    say`For ${where(j)} classify() ${said(j)} as the kind; it must be "ok", "tool-error" or "protocol-error".`,
  went: 'went the same way',
});

function outcomeCheck(expected: Label, meta: CheckMeta): Check {
  return {
    ...meta,
    run(run) {
      const mine = judged(run).filter((j) => j.expected === expected);
      if (mine.length === 0) return unjudged`No "${expected}" case was answered.`;
      const off = mine.filter((j) => j.row.answer !== expected);
      const wrong = off.filter((j) => isLabel(j.row.answer));
      const lines = wrong.map(
        (j) => say`${where(j)}: expected "${expected}", classify() ${said(j)}`,
      );
      // Edge cases have no frame: the failure is about the first live case it names, if any.
      if (wrong.length > 0) return fail`${joined(lines, '; ')}.`;
      const [first] = off;
      if (!first) return pass(allOf(mine.length, `"${expected}" case`, 'right'));
      // A classify() that throws is never right: do not call its cases right here.
      return fail`${off.length} of ${counted(mine.length, `"${expected}" case`)} got no label from \
classify(), e.g. ${where(first)}, where it ${said(first)} (see the labels check).`;
    },
  };
}

/** Why a handed text is not the reply's text, for the mistakes a learner is likely to make. */
function whyNotTheText(j: Judged): string {
  const given = j.row.forModel;
  const want = `the model should read ${quote(j.forModel ?? '', 120)}`;
  if (given === null || given === undefined)
    return j.expected === 'tool-error'
      ? `a tool error's text is what the model needs to recover (retry, ask the user, try another way); only a protocol error hands it nothing: ${want}`
      : `a successful result's text is the answer the model asked for: ${want}`;
  // A whole result serialised: it has the result's members.
  const parsed = parsedLine(given);
  if (isObject(parsed) && 'content' in parsed)
    return `that is the result as JSON, not its text; the model reads the text items: ${want}`;
  const texts = j.forModel?.split('\n') ?? [];
  if ((j.texts ?? 0) > 1 && given === texts[0])
    return `that is only the first of the reply's ${j.texts} text items; join them all with "\\n": ${want}`;
  if (given.includes('undefined') && !j.forModel?.includes('undefined'))
    return `"undefined" is what an item without text (an image) gives; keep only the items whose type is "text": ${want}`;
  const withoutBlanks = given.split('\n').filter(Boolean).join('\n');
  if (withoutBlanks === j.forModel && given !== j.forModel)
    return `an item that is not text (an image) added an empty line; keep only the items whose type is "text": ${want}`;
  const [head, tail] = [texts[0] ?? '', texts.at(-1) ?? ''];
  const between = given.slice(head.length, given.length - tail.length);
  if (texts.length === 2 && given.startsWith(head) && given.endsWith(tail))
    return `the text items are joined with ${JSON.stringify(between)}; join them with "\\n": ${want}`;
  return `${want} (the text of each "text" item of result.content, joined with "\\n")`;
}

const textForModel = caseCheck(judged, {
  id: 'text-for-model',
  title: 'For a result, failed tool or not, the model is handed the text of its content',
  hint: 'Hand the model the text of each "text" item in result.content, joined with "\\n", for a tool error too: its text is how the model learns what went wrong. Items of other types are not text.',
  // A case that threw has no answer to judge here; the labels check names it.
  mine: (j) =>
    j.expected !== 'protocol-error' && j.texts !== undefined && j.row.threw === undefined,
  none: 'No tool result was answered.',
  good: (n) => allOf(n, 'tool result', 'the model its text', 'handed'),
  wrong: (j) =>
    j.row.forModel !== j.forModel &&
    say`For ${where(j)} classify() handed the model ${handed(j.row)}; ${whyNotTheText(j)}.`,
});

const nothingForModel = caseCheck(judged, {
  id: 'nothing-for-model',
  title: 'A protocol error hands the model nothing',
  hint: 'Return forModel: null for a response with an "error" member: the request failed, not the tool, so the host handles it (logs or reports error.message) and the model has nothing to act on.',
  mine: (j) => j.expected === 'protocol-error' && j.row.threw === undefined,
  none: 'No protocol-error case was answered.',
  good: (n) => allOf(n, 'protocol error', 'the model nothing', 'handed'),
  wrong: (j) =>
    j.row.forModel !== null &&
    say`For ${where(j)} classify() handed the model ${handed(j.row)}; a protocol error is \
the client's to handle (log or report error.message), not the model's, so forModel must be null.`,
});

export const checks: Check[] = [
  loads,
  labels,
  outcomeCheck('ok', {
    id: 'successes',
    title: 'Successful responses are "ok"',
    hint: 'A result is ok unless isError is exactly true: isError:false and text mentioning "error" are still ok.',
  }),
  outcomeCheck('tool-error', {
    id: 'tool-errors',
    title: 'Results with isError: true are "tool-error"',
    hint: 'Look at result.isError. Paper Trail reports a missing order, an unknown tool and bad arguments this way.',
  }),
  outcomeCheck('protocol-error', {
    id: 'protocol-errors',
    title: 'Responses with an error member are "protocol-error"',
    hint: 'Any response with an "error" member is a protocol error, whatever its code and whether or not it has data.',
  }),
  textForModel,
  nothingForModel,
];

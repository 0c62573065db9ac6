// Checks for trust-but-verify: the learner's verify() is judged against the responses Paper
// Trail really sent (read from the recorded frames of a normal, a --buggy-output and an
// --unchecked-output session) and against responses built from a real one, the way a server
// that does not check its own output could send them. The rule each check applies is worked
// out here from the frames and the tool's real outputSchema, validated with the SDK's own JSON
// Schema validator.
import { isDeepStrictEqual as same } from 'node:util';
import {
  allOf,
  asksEveryCase,
  caseCheck,
  caseResponses,
  frameRef,
  isObject,
  json,
  listedTools,
  parsedLine,
  perRun,
  quote,
  readMessage,
  replyGist,
  say,
  schemaProblem,
  showText,
  textsOf,
  type AboutAResponse,
  type CaseRule,
  type Said,
} from '../../../../sandbox/checks/index.ts';
import { allEdgeCases, liveCases } from './starter/cases.ts';

type Json = Record<string, unknown>;
const KINDS: readonly string[] = ['structured', 'text', 'tool-error', 'none'];
const TOOL = 'order_status';

/** One `@@case` row: the case, the response verify() was given (edge cases), and its answer. */
interface Answer extends AboutAResponse {
  case: string;
  tool: string;
  answer?: unknown;
  threw?: string;
}

/** What the host should hand the model, from the frame and the tool's entry: its kind, the text
 *  items joined with "\n", the valid data, an error's code, or why structured content could
 *  not be trusted (and the validator's words). */
interface Truth {
  kind: 'structured' | 'text' | 'tool-error' | 'none';
  text: string;
  data?: unknown;
  code?: number;
  dropped?: 'missing' | 'invalid';
  why?: string;
}

/** A case as judged: the frame to point at (the response itself, or the real one an edge case
 *  was built from), and verify()'s answer as an object ({} when it gave none). */
type Judged = { frame: number | undefined; truth: Truth; answer: Answer; got: Json };

function truthOf(entry: Json | undefined, response: unknown): Truth {
  const message = readMessage(response);
  if (message?.kind === 'error') return { kind: 'none', text: '', code: message.error.code };
  if (message?.kind !== 'result')
    throw new Error(`case response is not a JSON-RPC reply: ${json(response)}`);
  const { result } = message;
  const text = textsOf(result).join('\n');
  if (result.isError === true) return { kind: 'tool-error', text };
  const schema = entry?.outputSchema as Json | undefined;
  if (schema === undefined) return { kind: 'text', text };
  if (result.structuredContent === undefined) return { kind: 'text', text, dropped: 'missing' };
  const why = schemaProblem(schema, result.structuredContent);
  if (why === undefined) return { kind: 'structured', text, data: result.structuredContent };
  return { kind: 'text', text, dropped: 'invalid', why };
}

/** Every answered case with the truth it is judged by (the tool's entry as this run listed it). */
const judged = perRun((run): Judged[] => {
  const tools = listedTools(run);
  const cases = caseResponses<Answer>(run);
  const real = cases.find((c) => !c.row.edge && c.row.case === 'PT-1041')?.frame;
  return cases.map(({ row: answer, response, frame }) => {
    const entry = tools.find((t) => t.name === answer.tool);
    const got = isObject(answer.answer) ? answer.answer : {};
    return { frame: frame ?? real, truth: truthOf(entry, response), answer, got };
  });
});

/** A live case's frame can be opened as it is; an edge case is told in words. */
function where({ answer, frame }: Judged): Said {
  if (!answer.edge) return say`"${answer.case}" (${frameRef(frame!)})`;
  const from = frame === undefined ? say`` : say`, built from ${frameRef(frame)}`;
  return say`edge case "${answer.case}"${from} (${replyGist(answer.response)})`;
}

const handed = (a: Answer) =>
  a.threw !== undefined ? `threw ${quote(a.threw)}` : `returned ${json(a.answer, 140)}`;
/** A case verify() answered with a handoff: anything else is the answers check's. */
const isHandoff = (j: Judged) =>
  j.answer.threw === undefined && KINDS.includes(j.got.kind as string);

/** What is wrong with an answer, after what verify() did; nothing (null or false) when right. */
type Problem = (got: Json, truth: Truth, j: Judged) => string | null | false;

/** A check over the cases `mine` selects: the failure tells the case, what verify() did and
 *  its `problem`. */
const rule = ({ problem, ...rest }: Omit<CaseRule<Judged>, 'wrong'> & { problem: Problem }) =>
  caseCheck(judged, {
    ...rest,
    wrong: (j) => {
      const why = problem(j.got, j.truth, j);
      return why ? say`For ${where(j)} verify() ${handed(j.answer)}; ${why}.` : undefined;
    },
  });

/** The cases whose truth `wants`, answered with a handoff. */
const handoffs = (wants: (t: Truth) => boolean) => (j: Judged) => wants(j.truth) && isHandoff(j);

const loads = asksEveryCase({
  id: 'runs-every-case',
  title: 'verify.ts loads and verify() is asked about every case',
  hint: 'Export a function named verify from verify.ts; run `node drive.ts npm run --silent paper-trail` to see errors.',
  fn: 'verify()',
  total: (run) => {
    const schema = listedTools(run).find((t) => t.name === TOOL)?.outputSchema;
    return liveCases.length + allEdgeCases(schema).length;
  },
});

const shapes = rule({
  id: 'answers',
  title: 'verify() returns a handoff for every case and never throws',
  hint: 'Return an object whose kind is "structured", "text", "tool-error" or "none", for any entry and any response: a tool without an outputSchema, a result without structuredContent and an error response included.',
  none: 'verify() answered no case, so no handoff could be judged.',
  good: (n) => allOf(n, 'answer', 'a handoff'),
  problem: (_, __, j) =>
    !isHandoff(j) &&
    'it must return { kind } with kind "structured", "text", "tool-error" or "none", and never throw',
});

const structured = rule({
  id: 'valid-structured',
  title: 'Structured content that matches the outputSchema is handed over as data',
  hint: 'When structuredContent is present and matches the tool\'s outputSchema, return { kind: "structured", data } with data the structuredContent object itself, as this run\'s frame holds it.',
  mine: handoffs((t) => t.kind === 'structured'),
  none: 'No valid structured content was answered.',
  good: (n) => allOf(n, 'valid structured result', 'handed over as data'),
  problem: (got, { data }) => {
    if (got.kind !== 'structured')
      return `its structuredContent matches ${TOOL}'s outputSchema, so the model should get it as data: expected { kind: "structured", data: ${json(data, 120)} }`;
    if (same(got.data, data)) return null;
    if (typeof got.data === 'string' && same(parsedLine(got.data), data))
      return `data is the structuredContent serialised to a string; hand over the object itself, ${json(data, 120)}`;
    return `expected data ${json(data, 120)}, exactly what the frame holds (the orders change from run to run)`;
  },
});

/** What is wrong with a "text" answer where structured data had to be dropped, if anything. */
function droppedProblem(got: Json, truth: Truth): string | null {
  const reason =
    truth.dropped === 'missing'
      ? 'the tool declares an outputSchema but the result has no structuredContent, which the spec says a server MUST send; treat it as unverified'
      : `its structuredContent breaks ${TOOL}'s outputSchema (${truth.why ?? 'invalid'})`;
  if (got.kind !== 'text')
    return `${reason}, so the model gets the text instead: expected { kind: "text", text: ${showText(truth.text)}, note }`;
  if (got.data !== undefined && got.data !== null)
    return `the answer still carries data ${json(got.data, 100)}: ${reason}, so none of it may reach the model; leave data out`;
  if (got.text !== truth.text)
    return `expected text ${showText(truth.text)} (the result's text items joined with "\\n"), saw ${json(got.text, 100)}`;
  if (typeof got.note !== 'string' || got.note.trim() === '')
    return `${reason}; say so: a "text" handoff that drops structured data needs a non-empty note`;
  return null;
}

const invalid = rule({
  id: 'drops-invalid',
  title: 'Structured content that breaks the outputSchema is dropped for the text, with a note',
  hint: 'Validate structuredContent against every rule of the outputSchema (types, required, enum, additionalProperties). When it fails, return { kind: "text", text, note }: the text items joined with "\\n", a note saying the structured data was dropped, and no data.',
  mine: handoffs((t) => t.kind === 'text' && t.dropped === 'invalid'),
  none: 'No schema-breaking structured content was answered.',
  good: (n) => allOf(n, 'schema-breaking result', 'handed over as text, with a note'),
  problem: droppedProblem,
});

const missing = rule({
  id: 'missing-structured',
  title:
    'A result without the structured content its outputSchema promises is treated as unverified',
  hint: 'A tool with an outputSchema must send structuredContent. When it is absent, hand over the text with a note, as for invalid data.',
  mine: handoffs((t) => t.kind === 'text' && t.dropped === 'missing'),
  none: 'No result without structuredContent was answered.',
  good: (n) =>
    `${n === 1 ? 'The result' : `All ${n} results`} missing structuredContent went over as text, with a note.`,
  problem: droppedProblem,
});

const plain = rule({
  id: 'text-without-schema',
  title: 'A tool without an outputSchema hands the model its text',
  hint: 'When the tool\'s entry has no outputSchema, return { kind: "text", text } with the text items of result.content joined with "\\n"; images, links and resources are not text.',
  mine: handoffs((t) => t.kind === 'text' && t.dropped === undefined),
  none: 'No result of a tool without an outputSchema was answered.',
  good: (n) =>
    `${n === 1 ? 'The result' : `All ${n} results`} of a tool without an outputSchema went over as text.`,
  problem: (got, { text }) =>
    (got.kind !== 'text' || got.text !== text) &&
    `the tool has no outputSchema, so its text is the answer: expected { kind: "text", text: ${showText(text)} }`,
});

const toolErrors = rule({
  id: 'tool-errors',
  title: 'A result with isError: true is a tool error, and the model reads its text',
  hint: 'Check result.isError before anything else in the result: when it is true, return { kind: "tool-error", text } whose text holds the result\'s text, even when structuredContent is there too.',
  mine: handoffs((t) => t.kind === 'tool-error'),
  none: 'No tool error was answered.',
  good: (n) => allOf(n, 'tool error', 'handed over as a tool error with its text'),
  problem: (got, { text }) => {
    if (got.kind !== 'tool-error')
      return `the result says isError: true, so the tool failed and the model should read why: expected { kind: "tool-error", text: ${showText(text)} }`;
    if (typeof got.text === 'string' && got.text.includes(text)) return null;
    return `a tool error's text must include the tool's own words, ${showText(text)}, so the model can recover`;
  },
});

const protocolErrors = rule({
  id: 'protocol-errors',
  title: "A protocol error is the client's, and the model gets nothing",
  hint: 'A response with an "error" member never reached a tool: return { kind: "none" } whatever its code (-32602 included), and let the host log error.message.',
  mine: handoffs((t) => t.kind === 'none'),
  none: 'No protocol error was answered.',
  good: (n) => allOf(n, 'protocol error', 'the model nothing', 'handed'),
  problem: (got, { code }) =>
    got.kind !== 'none' &&
    `the response is a JSON-RPC error (${code}), not a tool result: the request failed before any tool ran, so it is the client's to handle and the model gets { kind: "none" }`,
});

export const checks = [
  loads,
  shapes,
  structured,
  invalid,
  missing,
  plain,
  toolErrors,
  protocolErrors,
];

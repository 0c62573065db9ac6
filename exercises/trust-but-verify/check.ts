// Checks for trust-but-verify: the learner's verify() is judged against the responses Paper
// Trail really sent (read from the recorded frames of a normal, a --buggy-output and an
// --unchecked-output session) and against responses built from a real one, the way a server that does not check its own
// output could send them. The rule each check applies is worked out here from the frames and
// the tool's real outputSchema, validated with the SDK's own JSON Schema validator.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { frameRef, say } from '../../sandbox/checks/say.ts';
import type { Check, Outcome, RunRecord, Said } from '../../sandbox/contract/check.ts';
import { conversation } from '../../sandbox/checks/client-checks.ts';
import { clip, quote } from '../../sandbox/checks/frames.ts';
import { showText } from '../../sandbox/checks/show-text.ts';
import { readMessage } from '../../sandbox/wire/read.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import { allEdgeCases, liveCases } from './starter/cases.ts';
import { driverReports, whyDriverStopped } from '../../sandbox/checks/driver-reports.ts';

type Json = Record<string, unknown>;
const KINDS: readonly string[] = ['structured', 'text', 'tool-error', 'none'];

interface Answer {
  case: string;
  edge?: boolean;
  session?: string;
  id?: string | number;
  tool: string;
  response?: unknown;
  answer?: unknown;
  threw?: string;
}

/** What the host should hand the model, worked out from the frame and the tool's entry. */
type Truth =
  | { kind: 'structured'; data: unknown }
  | { kind: 'text'; text: string; dropped?: 'missing' | 'invalid'; why?: string }
  | { kind: 'tool-error'; text: string }
  | { kind: 'none'; code: number };

interface Judged {
  name: string;
  edge: boolean;
  /** The frame to point at: the response itself, or the real one an edge case was built from. */
  frame?: number;
  response: unknown;
  truth: Truth;
  answer: Answer;
}

const validator = new AjvJsonSchemaValidator();

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        typeof block === 'object' &&
        block !== null &&
        (block as Json).type === 'text' &&
        typeof (block as Json).text === 'string',
    )
    .map((block) => block.text)
    .join('\n');
}

function truthOf(entry: Json | undefined, response: unknown): Truth {
  const message = readMessage(response);
  if (message?.kind === 'error') return { kind: 'none', code: message.error.code };
  if (message?.kind !== 'result') {
    throw new Error(`case response is not a JSON-RPC reply: ${clip(JSON.stringify(response), 80)}`);
  }
  const result = message.result as Json;
  const text = textOf(result.content);
  if (result.isError === true) return { kind: 'tool-error', text };
  const schema = entry?.outputSchema as Json | undefined;
  if (schema === undefined) return { kind: 'text', text };
  if (result.structuredContent === undefined) return { kind: 'text', text, dropped: 'missing' };
  const verdict = validator.getValidator(schema)(result.structuredContent);
  if (verdict.valid) return { kind: 'structured', data: result.structuredContent };
  return { kind: 'text', text, dropped: 'invalid', why: verdict.errorMessage };
}

function answers(run: RunRecord): Answer[] {
  return driverReports(run.program.stdout, 'case')
    .map((r) => r.value)
    .filter((v): v is Record<string, unknown> & Answer => typeof v.case === 'string');
}

/** The tools as the normal session listed them (the first tools/list answer). */
function listedTools(run: RunRecord): Json[] {
  for (const r of conversation(run).from('s2c')) {
    if (r.message?.kind === 'result' && Array.isArray((r.message.result as Json).tools))
      return (r.message.result as Json).tools as Json[];
  }
  return [];
}

const judgedByRun = new WeakMap<RunRecord, Judged[]>();
function judged(run: RunRecord): Judged[] {
  const cached = judgedByRun.get(run);
  if (cached) return cached;
  const replies = conversation(run)
    .from('s2c')
    .filter((r) => r.message?.kind === 'result' || r.message?.kind === 'error');
  const replyTo = (id: unknown) =>
    replies.find((r) => r.message && 'id' in r.message && r.message.id === id);
  const tools = listedTools(run);
  const entry = (name: string) => tools.find((t) => t.name === name);
  const real = answers(run).find((a) => !a.edge && a.case === 'PT-1041');
  const realFrame = real ? replyTo(real.id)?.frame.seq : undefined;
  const out: Judged[] = [];
  for (const a of answers(run)) {
    if (a.edge) {
      out.push({
        name: a.case,
        edge: true,
        ...(realFrame !== undefined && { frame: realFrame }),
        response: a.response,
        truth: truthOf(entry(a.tool), a.response),
        answer: a,
      });
      continue;
    }
    const read = replyTo(a.id);
    if (!read) continue;
    out.push({
      name: a.case,
      edge: false,
      frame: read.frame.seq,
      response: read.json,
      truth: truthOf(entry(a.tool), read.json),
      answer: a,
    });
  }
  judgedByRun.set(run, out);
  return out;
}

/**
 * What a built response holds, in words: a live case's frame can be opened as it is, but an
 * edge case exists only in the driver, and its JSON (text items that hold JSON themselves)
 * would read as a wall of escaped quotes.
 */
function gist(response: unknown): string {
  const message = readMessage(response);
  if (message?.kind === 'error') return `error ${message.error.code}`;
  if (message?.kind !== 'result') return 'not a reply';
  const result = message.result as Json;
  const items = Array.isArray(result.content)
    ? result.content.map((c) => String((c as Json)?.type))
    : [];
  const parts = [
    ...(result.isError === true ? ['isError: true'] : []),
    `content: ${items.length === 0 ? 'none' : items.join(', ')}`,
    'structuredContent' in result
      ? `structuredContent: ${clip(JSON.stringify(result.structuredContent), 110)}`
      : 'no structuredContent',
  ];
  return parts.join('; ');
}

function where(j: Judged): Said {
  if (!j.edge) return say`"${j.name}" (${frameRef(j.frame!)})`;
  const from = j.frame === undefined ? say`` : say`, built from ${frameRef(j.frame)}`;
  return say`edge case "${j.name}"${from} (${gist(j.response)})`;
}

function handed(a: Answer): string {
  if (a.threw !== undefined) return `threw ${quote(a.threw)}`;
  return `returned ${clip(JSON.stringify(a.answer) ?? 'undefined', 140)}`;
}

function kindOf(a: Answer): string | undefined {
  const value = a.answer as Json | undefined;
  return typeof value === 'object' && value !== null && typeof value.kind === 'string'
    ? value.kind
    : undefined;
}

function field(a: Answer, name: string): unknown {
  const value = a.answer as Json | undefined;
  return typeof value === 'object' && value !== null ? value[name] : undefined;
}

const same = (x: unknown, y: unknown) => JSON.stringify(sorted(x)) === JSON.stringify(sorted(y));
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted((value as Json)[k])]),
  );
}

/** A failed check pointing at the first wrong case (and its frame), counting the rest. */
function fail(j: Judged, message: Said, more: number): Outcome {
  const out: Outcome = {
    ok: false,
    message:
      more > 0
        ? say`${message} ${more} more ${more === 1 ? 'case' : 'cases'} went wrong too.`
        : message,
  };
  if (j.frame !== undefined) out.frame = j.frame;
  return out;
}

/**
 * One check per kind of truth: its cases are those whose truth `wants`, a case that threw or
 * gave no kind is left to the answers check, and `problem` says what is wrong with an answer.
 */
function caseCheck(
  meta: Pick<Check, 'id' | 'title' | 'hint'>,
  wants: (t: Truth) => boolean,
  none: string,
  good: (n: number) => string,
  problem: (j: Judged) => Said | null,
): Check {
  return {
    ...meta,
    run(run) {
      const mine = judged(run).filter(
        (j) =>
          wants(j.truth) && j.answer.threw === undefined && KINDS.includes(kindOf(j.answer) ?? ''),
      );
      if (mine.length === 0) return notReached(none);
      const wrong = mine
        .map((j) => ({ j, why: problem(j) }))
        .filter((x): x is { j: Judged; why: Said } => x.why !== null);
      if (wrong.length === 0) return { ok: true, message: good(mine.length) };
      // A live case first: it has the frame the learner can open as it is.
      const first = wrong.find((x) => !x.j.edge) ?? wrong[0];
      return fail(
        first.j,
        say`For ${where(first.j)} verify() ${handed(first.j.answer)}; ${first.why}.`,
        wrong.length - 1,
      );
    },
  };
}

const loads: Check = {
  id: 'runs-every-case',
  title: 'verify.ts loads and verify() is asked about every case',
  hint: 'Export a function named verify from verify.ts; run `node drive.ts npm run --silent paper-trail` to see errors.',
  run(run) {
    const got = answers(run);
    const schema = listedTools(run).find((t) => t.name === 'order_status')?.outputSchema;
    const total = liveCases.length + allEdgeCases(schema).length;
    if (got.length === total) return { ok: true, message: `verify() answered all ${total} cases.` };
    const why = whyDriverStopped(run, 'verify()');
    return {
      ok: false,
      message: `verify() was asked about ${got.length} of ${total} cases before the driver stopped.${why}`,
    };
  },
};

const shapes: Check = {
  id: 'answers',
  title: 'verify() returns a handoff for every case and never throws',
  hint: 'Return an object whose kind is "structured", "text", "tool-error" or "none", for any entry and any response: a tool without an outputSchema, a result without structuredContent and an error response included.',
  run(run) {
    const all = judged(run);
    if (all.length === 0)
      return notReached('verify() answered no case, so no handoff could be judged.');
    const bad = all.filter(
      (j) => j.answer.threw !== undefined || !KINDS.includes(kindOf(j.answer) ?? ''),
    );
    if (bad.length === 0) return { ok: true, message: `All ${all.length} answers were handoffs.` };
    const first = bad.find((j) => !j.edge) ?? bad[0];
    return fail(
      first,
      say`For ${where(first)} verify() ${handed(first.answer)}; it must return { kind } with kind "structured", "text", "tool-error" or "none", and never throw.`,
      bad.length - 1,
    );
  },
};

/** Is the data the structured content serialised, rather than the object itself? */
function isSerialised(data: unknown, structured: unknown): boolean {
  if (typeof data !== 'string') return false;
  try {
    return same(JSON.parse(data), structured);
  } catch {
    return false;
  }
}

const structured = caseCheck(
  {
    id: 'valid-structured',
    title: 'Structured content that matches the outputSchema is handed over as data',
    hint: 'When structuredContent is present and matches the tool\'s outputSchema, return { kind: "structured", data } with data the structuredContent object itself, as this run\'s frame holds it.',
  },
  (t) => t.kind === 'structured',
  'No valid structured content was answered.',
  (n) => `All ${n} valid structured results were handed over as data.`,
  (j) => {
    const want = (j.truth as { data: unknown }).data;
    const data = field(j.answer, 'data');
    if (kindOf(j.answer) !== 'structured') {
      return say`its structuredContent matches order_status's outputSchema, so the model should get it as data: expected { kind: "structured", data: ${clip(JSON.stringify(want), 120)} }`;
    }
    if (same(data, want)) return null;
    if (isSerialised(data, want)) {
      return say`data is the structuredContent serialised to a string; hand over the object itself, ${clip(JSON.stringify(want), 120)}`;
    }
    return say`expected data ${clip(JSON.stringify(want), 120)}, exactly what the frame holds (the orders change from run to run)`;
  },
);

/** What is wrong with a "text" answer where structured data had to be dropped, if anything. */
function droppedProblem(j: Judged): Said | null {
  const truth = j.truth as Extract<Truth, { kind: 'text' }>;
  const kind = kindOf(j.answer);
  const reason =
    truth.dropped === 'missing'
      ? 'the tool declares an outputSchema but the result has no structuredContent, which the spec says a server MUST send; treat it as unverified'
      : `its structuredContent breaks order_status's outputSchema (${truth.why ?? 'invalid'})`;
  if (kind !== 'text') {
    return say`${reason}, so the model gets the text instead: expected { kind: "text", text: ${showText(truth.text)}, note }`;
  }
  const kept = field(j.answer, 'data');
  if (kept !== undefined && kept !== null) {
    return say`the answer still carries data ${clip(JSON.stringify(kept), 100)}: ${reason}, so none of it may reach the model; leave data out`;
  }
  if (field(j.answer, 'text') !== truth.text) {
    return say`expected text ${showText(truth.text)} (the result's text items joined with "\\n"), saw ${clip(JSON.stringify(field(j.answer, 'text')), 100)}`;
  }
  const note = field(j.answer, 'note');
  if (typeof note !== 'string' || note.trim() === '') {
    return say`${reason}; say so: a "text" handoff that drops structured data needs a non-empty note`;
  }
  return null;
}

const invalid = caseCheck(
  {
    id: 'drops-invalid',
    title: 'Structured content that breaks the outputSchema is dropped for the text, with a note',
    hint: 'Validate structuredContent against every rule of the outputSchema (types, required, enum, additionalProperties). When it fails, return { kind: "text", text, note }: the text items joined with "\\n", a note saying the structured data was dropped, and no data.',
  },
  (t) => t.kind === 'text' && t.dropped === 'invalid',
  'No schema-breaking structured content was answered.',
  (n) => `All ${n} schema-breaking results were handed over as text, with a note.`,
  droppedProblem,
);

const missing = caseCheck(
  {
    id: 'missing-structured',
    title:
      'A result without the structured content its outputSchema promises is treated as unverified',
    hint: 'A tool with an outputSchema must send structuredContent. When it is absent, hand over the text with a note, as for invalid data.',
  },
  (t) => t.kind === 'text' && t.dropped === 'missing',
  'No result without structuredContent was answered.',
  (n) =>
    `${n === 1 ? 'The result' : `All ${n} results`} missing structuredContent went over as text, with a note.`,
  droppedProblem,
);

const plain = caseCheck(
  {
    id: 'text-without-schema',
    title: 'A tool without an outputSchema hands the model its text',
    hint: 'When the tool\'s entry has no outputSchema, return { kind: "text", text } with the text items of result.content joined with "\\n"; images, links and resources are not text.',
  },
  (t) => t.kind === 'text' && t.dropped === undefined,
  'No result of a tool without an outputSchema was answered.',
  (n) =>
    `${n === 1 ? 'The result' : `All ${n} results`} of a tool without an outputSchema went over as text.`,
  (j) => {
    const want = (j.truth as { text: string }).text;
    if (kindOf(j.answer) === 'text' && field(j.answer, 'text') === want) return null;
    return say`the tool has no outputSchema, so its text is the answer: expected { kind: "text", text: ${showText(want)} }`;
  },
);

const toolErrors = caseCheck(
  {
    id: 'tool-errors',
    title: 'A result with isError: true is a tool error, and the model reads its text',
    hint: 'Check result.isError before anything else in the result: when it is true, return { kind: "tool-error", text } whose text holds the result\'s text, even when structuredContent is there too.',
  },
  (t) => t.kind === 'tool-error',
  'No tool error was answered.',
  (n) => `All ${n} tool errors were handed over as tool errors with their text.`,
  (j) => {
    const want = (j.truth as { text: string }).text;
    const text = field(j.answer, 'text');
    if (kindOf(j.answer) !== 'tool-error') {
      return say`the result says isError: true, so the tool failed and the model should read why: expected { kind: "tool-error", text: ${showText(want)} }`;
    }
    if (typeof text === 'string' && text.includes(want)) return null;
    return say`a tool error's text must include the tool's own words, ${showText(want)}, so the model can recover`;
  },
);

const protocolErrors = caseCheck(
  {
    id: 'protocol-errors',
    title: "A protocol error is the client's, and the model gets nothing",
    hint: 'A response with an "error" member never reached a tool: return { kind: "none" } whatever its code (-32602 included), and let the host log error.message.',
  },
  (t) => t.kind === 'none',
  'No protocol error was answered.',
  (n) => `All ${n} protocol errors handed the model nothing.`,
  (j) => {
    if (kindOf(j.answer) === 'none') return null;
    const code = (j.truth as { code: number }).code;
    return say`the response is a JSON-RPC error (${code}), not a tool result: the request failed before any tool ran, so it is the client's to handle and the model gets { kind: "none" }`;
  },
);

export const checks: Check[] = [
  loads,
  shapes,
  structured,
  invalid,
  missing,
  plain,
  toolErrors,
  protocolErrors,
];

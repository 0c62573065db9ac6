// Checks for stdout-is-the-wire: the learner's server runs under the SDK reference client;
// every byte on its stdout must be protocol, the tool must still work, logs go to stderr.
import { isDeepStrictEqual } from 'node:util';
import {
  callAbout,
  capitalised,
  clip,
  conversation,
  counted,
  every,
  fail,
  failAt,
  firstFew,
  frameRef,
  gluedMessage,
  isObject,
  joined,
  json,
  missingDiagnostics,
  pass,
  quote,
  referenceClientFinishes,
  replyTo,
  resultOf,
  say,
  shownLine,
  stderrNote,
  strayLines,
  strayText,
  unjudged,
  type Check,
  type Read,
  type RunRecord,
  type Said,
} from '../../../../sandbox/checks/index.ts';
import { expectedDiagnostics } from './diagnostics.ts';

const FOUND = { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' };

/** What a stray stdout line is, so the message can name the mistake. */
function whatItIs(r: Read, run: RunRecord): string {
  if (run.unterminated.has(r.frame.seq) && r.json === undefined)
    return 'is text with no newline after it, not JSON';
  if (gluedMessage(r.frame.text))
    return (
      `starts with ${quote(strayText(r), 40)}, written without a newline, so it is glued to the ` +
      'front of a reply: the client cannot parse the line and loses that reply'
    );
  if (r.json === undefined) return 'is not JSON: a log line';
  if (isObject(r.json) && !('jsonrpc' in r.json))
    return 'is valid JSON but not a JSON-RPC message (no "jsonrpc" member): a structured log line';
  return `is not a valid JSON-RPC message: it ${r.problem ?? 'does not fit the schema'}`;
}

const onlyProtocol: Check = {
  id: 'stdout-only-jsonrpc',
  title: 'Nothing but JSON-RPC on stdout',
  hint: 'Replace console.log/info/debug with console.error (or process.stderr.write) everywhere in the server.',
  run(run) {
    const stray = strayLines(run);
    const n = conversation(run).from('s2c').length;
    // "All 0 lines were JSON-RPC" is no pass: the session check says why nothing came.
    if (n === 0)
      return unjudged`Your server wrote nothing on stdout, so there was nothing to judge (see the session check).`;
    if (stray.length === 0) {
      const were = n === 1 ? 'was a JSON-RPC message' : 'were JSON-RPC messages';
      return pass(capitalised(say`${every(n, 'line')} your server wrote on stdout ${were}.`));
    }
    const list = stray.map(
      (r) => say`${frameRef(r.frame.seq)} ${shownLine(r.frame.text, 70)} ${whatItIs(r, run)}`,
    );
    return fail`Your server wrote ${counted(stray.length, 'line')} on stdout that ${stray.length === 1 ? 'is' : 'are'} not protocol: ${firstFew(list, 4)}. \
The client has to read each one as a message; the SDK client reports an error and skips it, other clients may give up.`;
  },
};

/** The reply as it was sent, with a link to it; or that none came. */
function answerText(answer: Read | undefined): Said | string {
  return answer
    ? say`${clip(answer.frame.text, 160)} (${frameRef(answer.frame.seq)})`
    : 'never sent';
}

const toolWorks: Check = {
  id: 'tool-works',
  title: 'order_status still works',
  hint: 'Keep the tool named order_status; return structuredContent for a found order and throw for a missing one.',
  run(run) {
    const call = callAbout(run, 'PT-1041');
    const answer = replyTo(run, call);
    if (!call)
      return unjudged`The reference client never got to call order_status (see the other checks).`;
    // A wrong answer is about the answer; a missing one, about the call.
    const found = failAt(answer?.frame.seq ?? call.frame.seq);
    if (!answer || !isDeepStrictEqual(resultOf(answer)?.structuredContent, FOUND))
      return found`order_status for PT-1041 (${frameRef(call.frame.seq)}) should return structuredContent ${json(FOUND, 160)}; the answer was ${answerText(answer)}.`;
    const missing = callAbout(run, 'PT-9999');
    const refusal = replyTo(run, missing);
    const asked = missing ? say` (${frameRef(missing.frame.seq)})` : '';
    const refused = failAt(refusal?.frame.seq ?? missing?.frame.seq);
    if (!refusal || resultOf(refusal)?.isError !== true)
      return refused`order_status for PT-9999${asked} should be a tool error (a result with isError: true); the answer was ${answerText(refusal)}.`;
    return pass`PT-1041 found (${frameRef(answer.frame.seq)}); PT-9999 a tool error (${frameRef(refusal.frame.seq)}).`;
  },
};

// Node's own words on stderr are not the server's diagnostics: its warnings, and the report
// it prints when the process dies of an uncaught error (the source line, the caret under it,
// the error, the stack, the Node version).
const NODE_NOISE = /ExperimentalWarning|--trace-warnings|Type Stripping/;
const CRASH_REPORT =
  /^(at |node:|file:\/\/|Node\.js v\d|\^+$|throw |\w*Error\b|Error:|\{$|\}$|\w+: ['"\d])/;

function diagnostics(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !NODE_NOISE.test(l) && !CRASH_REPORT.test(l));
}

const onStderr: Check = {
  id: 'diagnostics-on-stderr',
  title: 'Diagnostics still reach stderr',
  hint: 'Do not delete the banner and logs: write every one of them with console.error so operators still see them.',
  run(run) {
    const lines = diagnostics(run.peer.stderr);
    const strays = strayLines(run);
    if (lines.length === 0) {
      // The server died (by a signal, or an exit code other than 0): say what Node reported.
      const exit = run.peer.exit;
      const died = exit !== null && (exit.signal !== null || (exit.code ?? 0) !== 0);
      const report = "All it wrote there was Node's report of its crash:";
      const crashed = died ? stderrNote(run.peer.stderr, report, 160, '.') : '';
      return strays.length > 0
        ? fail`Your server wrote nothing on stderr: its diagnostics went to stdout instead.${crashed}`
        : fail`Your server wrote no diagnostics on stderr: the banner and logs are gone instead of moved there.${crashed}`;
    }
    const expected = expectedDiagnostics(run);
    const { missing, told } = missingDiagnostics(run, expected, lines);
    if (missing.length > 0) {
      // About the first frame the message names: a call whose log line is missing.
      return fail`Your server wrote ${counted(lines.length, 'diagnostic line')} on stderr, but not all of them: \
${joined(told, '; ')}. Move every diagnostic to stderr rather than deleting it; operators read them there.`;
    }
    return pass`Your server wrote ${every(expected.length, 'diagnostic')} on stderr (the start-up line, the order count, one line per order_status call), e.g. ${quote(lines[0], 60)}.`;
  },
};

const finishes = referenceClientFinishes(
  'called the tool twice',
  'The server must start, answer and exit when its stdin closes; run `node client.ts node server.ts` to see.',
);

export const checks: Check[] = [onlyProtocol, toolWorks, onStderr, finishes];

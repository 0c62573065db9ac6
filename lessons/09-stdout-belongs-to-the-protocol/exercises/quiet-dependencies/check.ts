// Checks for quiet-dependencies: the learner's server runs under the SDK reference client behind
// the tap. Every stray stdout byte is counted and the first placed; both plan_route calls need the
// run's right hubs; carrier-kit's banner, helper line (with the trace id) and bars go to stderr.
import {
  bytesBefore,
  bytesOf,
  callAbout,
  clip,
  conversation,
  counted,
  earliest,
  driverReports,
  fail,
  given,
  failAtEarliest,
  firstFew,
  frameRef,
  gluedMessage,
  gluedReplyTo,
  joined,
  missingDiagnostics,
  pass,
  quote,
  referenceClientFinishes,
  replyTo,
  requestsOf,
  say,
  strayLines,
  strayText,
  unjudged,
  type Check,
  type Diagnostic,
  type Read,
  type RunRecord,
  type Said,
} from '../../../../sandbox/checks/index.ts';
import { hubFor } from './starter/hubs.ts';

/** What the reference client made up for this run (its `@@run` line). */
type RunData = { trace: string; orders: string[] };

function runData(run: RunRecord): RunData | undefined {
  const value = driverReports(run.program.stdout, 'run')[0]?.value;
  if (!value || typeof value.trace !== 'string' || !Array.isArray(value.orders)) return undefined;
  return { trace: value.trace, orders: value.orders.filter((o) => typeof o === 'string') };
}

/** What a stray line is, in words that name the mistake behind it. */
function whatItIs(r: Read, run: RunRecord, data: RunData | undefined): string {
  const text = r.frame.text;
  const glued = gluedMessage(text) !== undefined;
  const bar = /\d+%/.test(text) && /\[[# ]*\]/.test(text);
  if (glued && bar)
    return 'a progress bar written to stdout without a newline (a \\r does not end a line), so the reply written after it continues its line: the client cannot parse that line and loses the reply';
  if (glued)
    return 'text without a newline, glued to the front of a reply: the client cannot parse that line and loses the reply';
  if (bar)
    return 'a progress bar on stdout: it ends its line now, but it is still not a JSON-RPC message';
  if (data && text.includes(data.trace))
    return "the helper process's line: a child started with stdio 'inherit' (or piped into process.stdout) writes into your stdout";
  if (/carrier-kit/.test(text)) return "carrier-kit's banner, printed with console.log";
  if (run.unterminated.has(r.frame.seq)) return 'text with no newline after it, not JSON';
  return 'not a JSON-RPC message';
}

const stdoutClean: Check = {
  id: 'stdout-clean',
  title: 'Not one stray byte on stdout',
  hint: 'Send every human-readable byte to stderr: the banner, the helper process (give it its own stdio, not inherit) and the progress bar.',
  run(run) {
    const lines = conversation(run).from('s2c');
    if (lines.length === 0)
      return unjudged`Your server wrote nothing on stdout, not even its replies (see the other checks).`;
    const stray = strayLines(run);
    if (stray.length === 0)
      return pass`All ${lines.length} lines your server wrote on stdout were JSON-RPC messages: not one stray byte.`;
    const data = runData(run);
    const total = stray.reduce((sum, r) => sum + bytesOf(strayText(r)), 0);
    const first = stray[0]!;
    const others = stray
      .slice(1)
      .map(
        (r) =>
          say`${frameRef(r.frame.seq)} ${clip(JSON.stringify(strayText(r)), 50)} is ${whatItIs(r, run, data)}`,
      );
    const rest = others.length > 0 ? say` Then: ${firstFew(others, 3)}.` : '';
    return fail`Your server wrote ${counted(total, 'stray byte')} on stdout, in ${counted(stray.length, 'line')}. \
The first starts at byte ${bytesBefore(run, first)} of stdout, in ${frameRef(first.frame.seq)}: \
${clip(JSON.stringify(strayText(first)), 70)} is ${whatItIs(first, run, data)}.${rest}`;
  },
};

/** Checks with nothing to judge until the reference client has started and said what it made up. */
const started = given(
  (run) =>
    runData(run) ??
    'The reference client did not start, so no call was made (see the session check).',
);

const bothAnswered: Check = started({
  id: 'both-calls-answered',
  title: 'Both plan_route calls are answered',
  hint: 'The client loses a reply whose line does not start with it: nothing may be written on stdout without a newline, right before a reply.',
  judge(run, data) {
    if (conversation(run).from('s2c').length === 0) {
      const init = requestsOf(run, 'initialize')[0];
      const onStderr = run.peer.stderr.includes('"jsonrpc":"2.0"')
        ? ' Its replies turned up on stderr instead.'
        : '';
      return init
        ? fail`No call could be made: your server wrote nothing at all on stdout, not even the reply to initialize (${frameRef(init.frame.seq)}). Did something take stdout away from the MCP transport?${onStderr}`
        : fail`No call could be made: the reference client never got to send initialize (see the session check).`;
    }
    const told: Said[] = [];
    const frames: number[] = [];
    for (const orderId of data.orders) {
      const call = callAbout(run, orderId);
      const answer = replyTo(run, call);
      if (!call) {
        told.push(say`plan_route for ${orderId} was never sent: the client stopped before it`);
        continue;
      }
      const asked = say`plan_route for ${orderId} (${frameRef(call.frame.seq)})`;
      const want = { order_id: orderId, hub: hubFor(orderId) };
      const m = answer?.message;
      if (answer && m?.kind === 'result') {
        const got = m.result.structuredContent as Record<string, unknown> | undefined;
        if (got?.order_id === want.order_id && got.hub === want.hub) continue;
        frames.push(answer.frame.seq);
        told.push(
          say`${asked} should give ${JSON.stringify(want)}; ${frameRef(answer.frame.seq)} gave ${clip(JSON.stringify(got ?? m.result), 120)}`,
        );
        continue;
      }
      // Refused, lost behind stray text, or never answered.
      const glued = answer ? undefined : gluedReplyTo(run, call);
      frames.push((answer ?? glued ?? call).frame.seq);
      told.push(
        answer
          ? say`${asked} was refused: ${clip(answer.frame.text, 120)}`
          : glued
            ? say`${asked} was answered, but the reply is glued behind ${clip(JSON.stringify(strayText(glued)), 50)} in ${frameRef(glued.frame.seq)}, so the client could not read it and gave up`
            : say`${asked} never got a reply`,
      );
    }
    if (told.length > 0)
      return fail(say`Not every call was answered: ${joined(told, '; ')}.`, earliest(frames));
    const pieces = run.splitDelivery ? ', though the pipe delivered your bytes in pieces' : '';
    const hubs = data.orders.map((o) => `${o} via ${hubFor(o)}`).join(', ');
    return pass`Both calls were answered with the right hub (${hubs})${pieces}.`;
  },
});

function expectedDiagnostics(data: RunData): Diagnostic[] {
  return [
    {
      what: 'carrier-kit\'s banner ("carrier-kit 3.2.0 ready")',
      says: (l) => /carrier-kit/i.test(l) && /3\.2\.0|ready/i.test(l),
    },
    ...data.orders.flatMap((orderId) => [
      {
        what: `the helper's line for ${orderId} (with this run's trace id ${data.trace})`,
        says: (l: string) => l.includes(data.trace) && l.includes(orderId),
      },
      {
        what: `the progress bar for ${orderId} (its 100% step)`,
        says: (l: string) => l.includes('100%') && l.includes(orderId),
      },
    ]),
  ];
}

const onStderr: Check = started({
  id: 'diagnostics-on-stderr',
  title: "carrier-kit's diagnostics reach stderr",
  hint: "Move the diagnostics, do not silence them: the banner, the helper's output and the progress bar all belong on stderr, where hosts keep logs.",
  judge(run, data) {
    // A progress bar redraws with \r: each step counts as a line.
    const lines = run.peer.stderr.split(/[\r\n]+/).filter((l) => l.trim());
    const expected = expectedDiagnostics(data);
    const { missing, told } = missingDiagnostics(run, expected, lines);
    if (missing.length === 0)
      return pass`All ${expected.length} of carrier-kit's diagnostics reached stderr (the banner, and the helper's line and the progress bar for each order), e.g. ${quote(lines.find((l) => l.includes(data.trace)) ?? '', 80)}.`;
    // The earliest frame it names: the two orders' output may come in either order.
    return failAtEarliest`${missing.length} of carrier-kit's ${expected.length} diagnostics did not reach your server's stderr: \
${joined(told, '; ')}. Hosts show or store stderr; a diagnostic thrown away (stdio 'ignore', a silenced console) helps nobody.`;
  },
});

const completes = referenceClientFinishes(
  'made both calls',
  'The server must start, answer both calls and exit when its stdin closes; run `node client.ts node server.ts` to see.',
);

export const checks: Check[] = [stdoutClean, bothAnswered, onStderr, completes];

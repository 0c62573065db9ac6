// Checks for negotiate: the learner's client runs three times (drive.ts), against Paper Trail
// accepting its offer (A), answering an older version it speaks (B) and answering one it does
// not speak (C). The driver marks each start with "@@start" and reports each run's end with
// "@@scenario"; it waits before starting a client so that each run's frames stand apart.
import {
  argumentsOf,
  extraLines,
  fail,
  failAt,
  firstFailing,
  frameRef,
  initializeOf,
  isObject,
  isRequest,
  json,
  paramsOf,
  pass,
  printsValue,
  perRun,
  readsWholeLinesIn,
  quote,
  reportedRuns,
  resultOf,
  say,
  shownLine,
  stderrNote,
  textLines,
  unjudged,
  type Check,
  type Conversation,
  type Outcome,
  type Read,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

/** The versions the task says the client speaks, newest first. */
const SPEAKS = ['2025-11-25', '2025-06-18'];
const LATEST = SPEAKS[0];
const SPEAKS_TEXT = `${SPEAKS[0]} and ${SPEAKS[1]}`;

type Name = 'A' | 'B' | 'C';

/** What drive.ts reports of one run of the client. */
interface Report {
  name: Name;
  order: string;
  exit: { code: number | null; signal: string | null };
  /** The driver stopped the client at its time limit. */
  stopped: boolean;
  ms: number;
  stdout: string;
  stderr: string;
}

/** One run of the client as the driver reported it, with its frames read. */
type Scenario = Report & ReturnType<typeof initializeOf> & { conv: Conversation; sent: Read[] };

const ABOUT: Record<Name, string> = {
  A: 'run A (the server accepts your offer)',
  B: 'run B (the server answers 2025-06-18)',
  C: 'run C (the server answers a version your client does not speak)',
};

const scenarios = perRun((run): Scenario[] =>
  reportedRuns(run, 'start', 'scenario').flatMap(({ conv, end }) =>
    end
      ? [{ ...(end as unknown as Report), ...initializeOf(conv), conv, sent: conv.messages('c2s') }]
      : [],
  ),
);

const methodOf = (r: Read): string =>
  r.message && 'method' in r.message ? r.message.method : 'a response';
const isPing = (r: Read) => isRequest(r, 'ping');
const sentAfter = (s: Scenario, seq: number) => s.sent.filter((r) => r.frame.seq > seq);

/** How the client's run ended, in words. */
function ending(s: Scenario): string {
  if (s.stopped) return `was still running after ${s.ms / 1000} s and the driver stopped it`;
  if (s.exit.signal) return `was ended by ${s.exit.signal}`;
  return `exited with code ${s.exit.code}`;
}

/** The line of the client's stderr that says what went wrong (the server's own lines aside). */
const told = (s: Scenario) =>
  stderrNote(s.stderr.replace(/^paper-trail:.*(\n|$)/gm, ''), 'Its stderr:', 200, '.');

/** A run whose initialize got a result: `a` is that result's frame, `answered` its version. */
type Answered = Scenario & { a: number; answered: string };

/** A check's run over one named run, judged once that run's initialize has a result. */
const inRun =
  (name: Name, rule: (s: Answered) => Outcome) =>
  (run: RunRecord): Outcome => {
    const s = scenarios(run).find((s) => s.name === name);
    if (!s) return unjudged`The driver did not report ${ABOUT[name]} (see runs-all-three).`;
    if (!s.init)
      return unjudged`In ${ABOUT[name]} your client sent no initialize (see offers-latest).`;
    if (!s.answer || s.answered === undefined)
      return unjudged`In ${ABOUT[name]} your initialize (${frameRef(s.init.frame.seq)}) got no result (see offers-latest).`;
    return rule({ ...s, a: s.answer.frame.seq, answered: s.answered });
  };

const runsAllThree: Check = {
  id: 'runs-all-three',
  // Not a rule of the task: the read-only driver stops each client at 10 s, so every client
  // is reported three times whatever it does. Were the driver to break, every graded check
  // would have nothing to judge and say so; this says how far it got.
  info: true,
  title: 'Your client runs to its end three times',
  hint: 'Run `node drive.ts <server command>` and read what each run printed on stderr; your client gets the order id first, then the server command.',
  run(run) {
    const got = scenarios(run).length;
    if (got === 3) return pass`The driver ran your client against all three servers.`;
    const why =
      run.verdict === 'timeout'
        ? ` The whole run was stopped at ${run.timeoutMs / 1000} s.`
        : stderrNote(run.program.stderr, 'Its stderr ended with:', 240);
    return fail`The driver reported ${got} of 3 runs before it stopped.${why}`;
  },
};

const offersLatest: Check = {
  id: 'offers-latest',
  title: `Offer ${LATEST}, the newest version your client speaks, in every run`,
  hint: `Send initialize first, with params {"protocolVersion":"${LATEST}","capabilities":{},"clientInfo":{"name":…,"version":…}}: a client offers the newest version it speaks and lets the server answer.`,
  run(run) {
    const all = scenarios(run);
    if (all.length === 0) return unjudged`No run was reported (see runs-all-three).`;
    const bad = firstFailing(all, (s) => {
      const where = ABOUT[s.name];
      const [init, first] = [s.init, s.sent[0]];
      if (!init && first)
        return fail`In ${where} your client's first frame (${frameRef(first.frame.seq)}) is ${methodOf(first)}, and it never sent initialize.`;
      if (!init)
        return fail`In ${where} your client sent nothing at all; it ${ending(s)}.${told(s)}`;
      const n = init.frame.seq;
      const p = paramsOf(init);
      const info = p.clientInfo;
      const early = s.sent.find((r) => r.frame.seq < n && !isPing(r));
      if (p.protocolVersion !== LATEST)
        return fail`In ${where} your initialize (${frameRef(n)}) offers protocolVersion ${json(p.protocolVersion ?? null)}; expected "${LATEST}", the newest version your client speaks. Offer your newest and let the server answer with an older one if it must.`;
      if (!isObject(p.capabilities) || !isObject(info))
        return fail`In ${where} your initialize (${frameRef(n)}) lacks a capabilities object or clientInfo ({"name":…,"version":…}).`;
      if (typeof info.name !== 'string' || typeof info.version !== 'string')
        return fail`In ${where} your initialize (${frameRef(n)}) has clientInfo ${json(info)}; it needs a string name and a string version.`;
      if (early)
        return fail`In ${where} your client sent ${methodOf(early)} (${frameRef(early.frame.seq)}) before initialize; only ping may come first.`;
      if (!s.answer)
        return fail`In ${where} your initialize (${frameRef(n)}) never got an answer; your client ${ending(s)}.`;
      return undefined;
    });
    if (bad) return bad;
    return pass`Every run opened with initialize offering "${LATEST}" (run A: ${frameRef(all[0].init!.frame.seq)}).`;
  },
};

const waitsForResult: Check = {
  id: 'initialized-after-result',
  title: 'Wait for the initialize result; notifications/initialized comes after it',
  hint: 'Send nothing but ping until the initialize result has arrived and you have read its protocolVersion; then, if you carry on, send notifications/initialized before any other request.',
  run(run) {
    const all = scenarios(run).filter((s) => s.init && s.answer);
    if (all.length === 0) return unjudged`No initialize was answered (see offers-latest).`;
    const bad = firstFailing(all, (s) => {
      const [init, answer] = [s.init!.frame.seq, s.answer!.frame.seq];
      const tooSoon = s.sent.find((r) => r.frame.seq > init && r.frame.seq < answer && !isPing(r));
      if (tooSoon)
        return fail`In ${ABOUT[s.name]} your client sent ${methodOf(tooSoon)} (${frameRef(tooSoon.frame.seq)}) before the initialize result arrived (${frameRef(answer)}). Until you have read the version the server answered you do not know whether the session goes on, so send nothing but ping.`;
      const initialized = s.sent.find((r) => methodOf(r) === 'notifications/initialized');
      const until = initialized?.frame.seq ?? Infinity;
      const request = sentAfter(s, answer).find(
        (r) => r.message?.kind === 'request' && !isPing(r) && r.frame.seq < until,
      );
      const first = initialized
        ? say`before notifications/initialized (${frameRef(initialized.frame.seq)})`
        : 'without sending notifications/initialized first';
      if (request && s.name !== 'C')
        return fail`In ${ABOUT[s.name]} your client sent ${methodOf(request)} (${frameRef(request.frame.seq)}) ${first}; the notification tells the server the handshake is done.`;
      return undefined;
    });
    return bad ?? pass`Every run waited for the initialize result before sending anything more.`;
  },
};

function continues(name: 'A' | 'B', expected: string): Check {
  const where = ABOUT[name];
  return {
    id: name === 'A' ? 'continues-when-accepted' : 'continues-on-older',
    title:
      name === 'A'
        ? `When the server accepts ${LATEST}, carry on: initialized, order_status, print the result`
        : 'When the server answers 2025-06-18, an older version you speak, carry on in it',
    hint:
      name === 'A'
        ? "After a result whose protocolVersion you speak: send notifications/initialized, call order_status with the order id your client was given (its first argument), print result.structuredContent as one JSON line, close the server's stdin and exit 0."
        : `A server answers with its own version when it does not accept yours. Decide by the list of versions your client speaks (${SPEAKS_TEXT}), not by comparing with the one you offered, and go on in the answered version without offering again.`,
    run: inRun(name, (s) => {
      const { a } = s;
      if (s.answered !== expected)
        return unjudged`In ${where} the server answered ${json(s.answered)} (${frameRef(a)}), not "${expected}": did your client offer "${LATEST}"? (see offers-latest)`;
      const early = s.sent.find((r) => r.frame.seq < a && methodOf(r) === 'tools/call');
      if (early)
        return unjudged`In ${where} your client sent tools/call (${frameRef(early.frame.seq)}) before the initialize result (see initialized-after-result).`;
      const after = sentAfter(s, a);
      const again = after.find((r) => methodOf(r) === 'initialize');
      if (again)
        return fail`In ${where} your client sent initialize again (${frameRef(again.frame.seq)}) after the server answered "${expected}" (${frameRef(a)}). The answer settles the version for the session: carry on in "${expected}", which your client speaks.`;
      const older =
        name === 'B'
          ? ' A server may answer an older version than the one offered; if your client speaks it, the session goes on in it.'
          : '';
      if (after.length === 0)
        return fail`In ${where} the server answered "${expected}" (${frameRef(a)}), a version your client speaks (${SPEAKS_TEXT}), but your client sent nothing more and ${ending(s)}.${told(s)}${older}`;
      const call = after.find((r) => methodOf(r) === 'tools/call' && r.message?.kind === 'request');
      if (!call)
        return fail`In ${where} your client never called order_status after the server answered "${expected}" (${frameRef(a)}); it ${ending(s)}.${told(s)}`;
      const params = paramsOf(call);
      const args = argumentsOf(call);
      if (params.name !== 'order_status' || args.order_id !== s.order)
        return fail`In ${where} your tools/call (${frameRef(call.frame.seq)}) asks for ${json({ name: params.name, arguments: params.arguments }, 120)}; expected the tool "order_status" with order_id "${s.order}", the order id your client was given as its first argument.`;
      const reply = s.conv.responseTo(call);
      const result = resultOf(reply);
      if (!reply || !result || result.isError === true)
        return fail`In ${where} your tools/call (${frameRef(call.frame.seq)}) did not return the order; your client ${ending(s)}.`;
      const r = reply.frame.seq;
      const lines = textLines(s.stdout);
      const order = result.structuredContent;
      const hit = lines.findIndex((l) => printsValue(l, order));
      const extra = lines.filter((_, i) => i !== hit);
      if (hit !== -1 && extra.length > 0)
        return fail`In ${where} your client printed the structuredContent of ${frameRef(r)}, but its stdout also holds ${extraLines(extra.length)}, ${shownLine(extra[0])}. Stdout must hold that one result line and nothing else: diagnostics belong on stderr, with console.error.`;
      if (lines.length !== 1 || hit !== 0)
        return fail`In ${where} your client printed ${s.stdout.trim() ? shownLine(s.stdout, 160) : '(nothing)'}; expected exactly one line, the structuredContent of ${frameRef(r)}: ${json(order, 160)}.`;
      if (s.stopped || s.exit.code !== 0)
        return fail`In ${where} your client printed the order from ${frameRef(r)} but then ${ending(s)}; close the server's stdin and let your client exit with code 0.${told(s)}`;
      return pass`In ${where} your client carried on in "${expected}" (${frameRef(a)}) and printed the order from ${frameRef(r)}.`;
    }),
  };
}

const hangsUp: Check = {
  id: 'hangs-up',
  title: 'When the server answers a version you do not speak, send nothing more and go',
  hint: `Compare the answered protocolVersion with the versions your client speaks (${SPEAKS_TEXT}) before sending anything else. If it is not one of them, send nothing more (no notifications/initialized, no request), close the server's stdin with server.stdin.end() and let your process end.`,
  run: inRun('C', (s) => {
    const { a, answered } = s;
    if (SPEAKS.includes(answered))
      return unjudged`In run C the server answered "${answered}" (${frameRef(a)}), which your client speaks: did your client offer "${LATEST}"? (see offers-latest)`;
    const after = sentAfter(s, a)[0];
    const sentOn = failAt(after?.frame.seq); // about what was sent, though it names the answer first
    if (after)
      return sentOn`In run C the server answered "${answered}" (${frameRef(a)}), a version your client does not speak (${SPEAKS_TEXT}), yet your client then sent ${methodOf(after)} (${frameRef(after.frame.seq)}). Once the answer is a version your client cannot speak, the session is over: send nothing more, not even notifications/initialized.`;
    if (s.stopped)
      return fail`In run C the server answered "${answered}" (${frameRef(a)}) and your client sent nothing more, but it was still running ${s.ms / 1000} s later, when the driver stopped it. Close the server's stdin (server.stdin.end()) so the server exits: while its pipes are open, your process cannot end.`;
    return pass`In run C your client sent nothing after the answer "${answered}" (${frameRef(a)}) and ${ending(s)}.`;
  }),
};

const saysWhy: Check = {
  id: 'says-why',
  title: 'Hanging up is a failure: exit non-zero with one line on stderr naming both versions',
  hint: 'Write one line with console.error naming the version you offered and the one the server answered (stdout is for results), then end with a non-zero exit code (process.exitCode = 1).',
  run: inRun('C', (s) => {
    const { a, answered } = s;
    if (SPEAKS.includes(answered) || sentAfter(s, a).length > 0 || s.stopped)
      return unjudged`Your client did not hang up in run C (see hangs-up).`;
    const names = (line: string) => line.includes(LATEST) && line.includes(answered);
    const printed = textLines(s.stdout);
    const onStdout = printed.find(names);
    if (onStdout)
      return fail`In run C, after the answer "${answered}" (${frameRef(a)}), your client wrote ${quote(onStdout, 160)} on stdout. Say why you hang up on stderr (console.error): stdout is where a program's results go, and a script reading it would take the message for one.`;
    if (printed[0] !== undefined)
      return fail`In run C, after the answer "${answered}" (${frameRef(a)}), your client printed ${shownLine(printed[0], 160)} on stdout. A client that hangs up has no result, so it prints nothing on stdout; what it has to say goes to stderr (console.error).`;
    if (!s.stderr.split('\n').some(names))
      return fail`In run C no line of your client's stderr names both the version it offered ("${LATEST}") and the one the server answered ("${answered}", ${frameRef(a)}).${told(s)} Whoever reads the log needs both to see why the session failed.`;
    if (s.exit.code === 0 || s.exit.code === null)
      return fail`In run C your client hung up after the answer "${answered}" (${frameRef(a)}) but ${ending(s)}; a client that could not set up its session has failed, so exit with a non-zero code (process.exitCode = 1).`;
    return pass`In run C your client said why on stderr and exited with code ${s.exit.code} after the answer "${answered}" (${frameRef(a)}).`;
  }),
};

const readsWholeLines = readsWholeLinesIn((run) =>
  scenarios(run).map((s) => ({ ...s, where: ABOUT[s.name] })),
);

export const checks: Check[] = [
  runsAllThree,
  offersLatest,
  waitsForResult,
  continues('A', LATEST),
  continues('B', '2025-06-18'),
  hangsUp,
  saysWhy,
  readsWholeLines,
];

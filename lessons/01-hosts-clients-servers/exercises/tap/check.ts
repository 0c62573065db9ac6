// Checks for tap: the learner's relay sits between the driver (the client) and the course's
// own tap in front of Paper Trail (the server). The driver reports the bytes it wrote and got
// back ("@@tap" lines); the harness recorded the bytes Paper Trail received and sent. A relay
// is right when the two sides match byte for byte, its stdout holds nothing else, it logs
// each frame with a direction, and it ends when either side ends.
import {
  capitalised,
  clip,
  conversation,
  counted,
  driverReports,
  every,
  extras,
  fail,
  firstLoss,
  frameRef,
  isJson,
  labelProblem,
  lines,
  namedFrames,
  pass,
  perRun,
  quote,
  recordedLines,
  say,
  shown,
  stderrNote,
  twoFramesOnOneLine,
  unjudged,
  unloggedFrame,
  whatChanged,
  type Check,
  type Direction,
  type Outcome,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

type Scenario = 'through' | 'client-closes' | 'server-exits';

interface Report {
  scenario: Scenario;
  /** base64 of every byte the driver wrote into the relay, and of every byte it got back. */
  wrote: string;
  got: string;
  stderr: string;
  /** null: the relay was still running when the driver gave up on it (and killed it). */
  exit: { code: number | null; signal: string | null; afterMs: number } | null;
  /** How long the driver gave the relay to exit before it killed it. */
  patienceMs: number;
  /** The relay had exited before the driver closed its stdin (or the server exited). */
  exitedEarly?: boolean;
  /** The one request got its answer ("client-closes" only). */
  answered?: boolean;
}

const SCENARIOS: readonly Scenario[] = ['through', 'client-closes', 'server-exits'];
/** Which way a frame went, in the words the log check asks for. */
const WAY: Record<Direction, string> = { c2s: 'client → server', s2c: 'server → client' };

/** What answer-once.ts --linger writes as it finishes (keep the two in step). */
const FAREWELL =
  '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"answer-once","data":"stdin closed → finished, exiting"}}\n';

/** The driver's report of each session; a damaged or missing line is relay-runs' business. */
const reports = perRun((run): Partial<Record<Scenario, Report>> => {
  const all = driverReports(run.program.stdout, 'tap').map((r) => r.value as unknown as Report);
  return Object.fromEntries(all.map((r) => [r.scenario, r]));
});

/** The answer-once session: the one reply that server wrote (what answer-once.ts writes for
 *  the request it reads: keep the two in step), and the lines the client got. */
function answerOnce(last: Report) {
  const id = /"id":("[^"]*")/.exec(text(last.wrote))?.[1] ?? 'null';
  const sent = [`{"jsonrpc":"2.0","id":${id},"result":{"said":"one answer → then gone"}}\n`];
  return { name: 'the answer-once session', sent, arrived: linesOf(last.got) };
}

const text = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');
const linesOf = (base64: string) => lines(text(base64));

/** What a relay that died said on stderr, as a sentence to append. */
const lastWords = (report: Report) =>
  stderrNote(report.stderr, 'Its stderr says:') || ' It wrote nothing on stderr.';

/** A relay that died in the first session, in words, with what it said on stderr. */
function crashed(run: RunRecord): string | undefined {
  const through = reports(run).through;
  const exit = through?.exit;
  if (!through?.exitedEarly || !exit || exit.code === 0) return undefined;
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  return `Your relay ${how} in the middle of the first session.${lastWords(through)}`;
}

/** A check's run over the first session (through Paper Trail), once the driver reported it. */
const ofFirstSession =
  (rule: (through: Report, run: RunRecord) => Outcome) =>
  (run: RunRecord): Outcome => {
    const through = reports(run).through;
    if (!through) return unjudged`The driver did not finish its first session (see relay-runs).`;
    return rule(through, run);
  };

/** "All 3 frames", "The one frame": the start of a sentence about every frame. */
const everyFrame = (n: number) => capitalised(say`${every(n, 'frame')}`);

/** The crash, as a sentence to append to a message about bytes that never came. */
const crashNote = (run: RunRecord) => (crashed(run) ? ` ${crashed(run)}` : '');

const relayRuns: Check = {
  id: 'relay-runs',
  title: 'The driver can run both sessions through your relay',
  hint: 'Run `node drive.ts relay.ts answer-once.ts npm run --silent paper-trail` and read what your relay prints on stderr.',
  run(run) {
    const got = reports(run);
    const crash = crashed(run);
    if (crash) return fail(crash);
    if (SCENARIOS.every((s) => got[s])) return pass`All three sessions ran through your relay.`;
    const why =
      run.verdict === 'timeout'
        ? ` The run was stopped at ${run.timeoutMs / 1000} s.`
        : run.verdict === 'output-limit'
          ? ' The run was stopped for writing too much output.'
          : stderrNote(run.program.stderr, 'Last words on stderr:');
    const count = SCENARIOS.filter((s) => got[s]).length;
    return fail`The driver finished ${count === 0 ? 'no session' : counted(count, 'session')} of three.${why}`;
  },
};

const clientToServer: Check = {
  id: 'client-to-server',
  title: 'Every byte the client wrote reaches the server unchanged',
  hint: 'Forward each chunk from stdin to the server as the Buffer it is (server.stdin.write(chunk), or process.stdin.pipe(server.stdin)): no decoding, no parsing, no lines.',
  run: ofFirstSession((through, run) => {
    const sent = linesOf(through.wrote);
    const got = recordedLines(run, 'c2s');
    const arrived = got.map((g) => g.line);
    const loss = firstLoss(sent, arrived);
    if (!loss && arrived.length === sent.length)
      return pass`${everyFrame(sent.length)} the client wrote reached the server byte for byte.`;
    if (!loss) {
      const extra = extras(sent, arrived)[0];
      const at = got.find((g) => g.line === extra);
      return fail`The server received ${at ? frameRef(at.seq) : 'a line'}, ${shown(extra)}, which the client never wrote.`;
    }
    const at = got[arrived.indexOf(loss.arrived ?? '\u0000')];
    const line = `line ${loss.index + 1} of the ${sent.length} it wrote`;
    if (!at)
      return fail`The server never received the client's ${line}, ${shown(sent[loss.index])}.${crashNote(run)}`;
    return fail`The server received ${frameRef(at.seq)} where the client wrote its ${line}: ${whatChanged(sent[loss.index], at.line)}.`;
  }),
};

const serverToClient: Check = {
  id: 'server-to-client',
  title: 'Every byte the server wrote reaches the client unchanged',
  hint: 'Forward each chunk from the server’s stdout as the Buffer it is (process.stdout.write(chunk), or server.stdout.pipe(process.stdout)), and exit on the server’s "close" so its last bytes are passed on first.',
  run: ofFirstSession((through, run) => {
    const sent = recordedLines(run, 's2c');
    if (sent.length === 0)
      return unjudged`Paper Trail sent nothing: no request reached it (see client-to-server).`;
    const [wrote, arrived] = [sent.map((s) => s.line), linesOf(through.got)];
    const loss = firstLoss(wrote, arrived);
    if (loss) {
      const at = sent[loss.index]!;
      if (loss.arrived === undefined)
        return fail`The client never got ${frameRef(at.seq)}, ${shown(at.line)}, from your relay's stdout.${crashNote(run)}`;
      return fail`The client got ${shown(loss.arrived)} where the server wrote ${frameRef(at.seq)}: ${whatChanged(at.line, loss.arrived)}.`;
    }
    const last = reports(run)['server-exits'];
    const answer = last && answerOnce(last).sent[0]!;
    if (last && answer && !answerOnce(last).arrived.includes(answer))
      return fail`A server that answers and exits at once (answer-once.ts) wrote ${shown(answer)}, but the client never got it whole from your relay (it got ${shown(text(last.got))}). Exiting on the server's "exit" event can lose its last bytes; "close" comes after its stdout is read to the end.`;
    return pass`${everyFrame(sent.length)} Paper Trail wrote reached the client byte for byte, and answer-once's last words too.`;
  }),
};

const onlyRelayedOnStdout: Check = {
  id: 'stdout-only-relayed',
  title: 'Nothing on the relay’s stdout but the server’s bytes',
  hint: 'Your stdout is the client’s wire: write only the server’s bytes there. Log with process.stderr.write or console.error, and send the server’s stderr to your stderr (stdio: [..., "inherit"]), never to stdout.',
  run: ofFirstSession((through, run) => {
    const last = reports(run)['server-exits'];
    const sent = recordedLines(run, 's2c').map((s) => s.line);
    const paperTrail = { name: 'the Paper Trail session', sent, arrived: linesOf(through.got) };
    const sessions = last ? [paperTrail, answerOnce(last)] : [paperTrail];
    // Nothing from the server and nothing on stdout is nothing to judge, not a clean stdout.
    if (sessions[0]!.sent.length === 0 && sessions.every((s) => s.arrived.length === 0))
      return unjudged`Neither server wrote anything your relay could pass on (see client-to-server).`;
    // A line changed on its way is server-to-client's business; more lines than the server
    // wrote is this check's.
    const bad = sessions.find(({ sent, arrived }) => arrived.length > sent.length);
    if (!bad) return pass`Your stdout carried the server’s bytes and nothing else.`;
    const extra = extras(bad.sent, bad.arrived);
    const [more, first] = [bad.arrived.length - bad.sent.length, extra.find((l) => !isJson(l))];
    return fail`In ${bad.name} your relay's stdout carried ${counted(more, 'line')} more than the server wrote, such as ${shown(first ?? extra[0], 0, 90)}. The client reads every line of it as a frame.`;
  }),
};

const logsFrames: Check = {
  id: 'logs-frames',
  title: 'Each frame is logged on stderr with its direction',
  hint: 'Write one stderr line per frame (per line of each direction, not per chunk), naming the direction, e.g. "client → server {…}" and "server → client {…}".',
  run: ofFirstSession((through, run) => {
    const logLines = through.stderr.split('\n');
    const logged = namedFrames(conversation(run).reads);
    if (logged.length === 0) return unjudged`No frame crossed your relay (see client-to-server).`;
    const seen =
      through.stderr.trim() === ''
        ? 'your relay wrote nothing on stderr'
        : `its stderr began ${shown(through.stderr.trim(), 0, 120)}`;
    const unlogged = unloggedFrame(logLines, logged);
    if (unlogged)
      return fail`No line of your relay's stderr names ${frameRef(unlogged.seq)} (${unlogged.names.join(' / ')}, ${WAY[unlogged.dir]}) with a direction; ${seen}.`;
    const two = twoFramesOnOneLine(logLines, logged);
    if (two)
      return fail`One line of your relay's stderr holds two frames, ${frameRef(two.first.seq)} and ${frameRef(two.second.seq)}: ${clip(two.line, 120)}. The client wrote them in one write, and your relay logged the read, not the frames. A frame is one line of the stream: keep what you read per direction and log each line once its "\\n" has arrived.`;
    const labels = labelProblem(logLines, logged);
    if (labels?.kind === 'same')
      return fail`Your relay logs ${frameRef(labels.up.seq)} (client → server) and ${frameRef(labels.down.seq)} (server → client) with the same words around them, ${quote(labels.label, 200)}: a reader of the log cannot tell which way a frame went. Label each direction with its own words.`;
    if (labels?.kind === 'swapped')
      return fail`Your relay logs ${frameRef(labels.frame.seq)} as ${quote(labels.label, 200)}, but it went ${WAY[labels.frame.dir]}: the directions in your log are the wrong way round.`;
    return pass`${everyFrame(logged.length)} ${logged.length === 1 ? 'was' : 'were'} logged with a direction.`;
  }),
};

const endsServerStdin: Check = {
  id: 'ends-server-stdin',
  title: 'When the client closes its end, the relay closes the server’s stdin',
  hint: 'Listen for "end" on process.stdin and call server.stdin.end() (pipe() does this for you): closing stdin is how a stdio client tells the server it is done.',
  run: ofFirstSession((through, run) => {
    if (!run.peerStarted) return unjudged`Your relay never started the server (see relay-runs).`;
    if (crashed(run))
      return unjudged`Your relay did not live to the end of the session (see relay-runs).`;
    // Paper Trail's stdin also closes when the driver kills a relay that did not exit: only a
    // relay that ended (or was still running) on its own can have closed it itself.
    if (run.stdinClosed && through.exit)
      return pass`The driver closed your stdin and your relay closed Paper Trail’s.`;
    return fail`The driver closed your relay's stdin, but your relay did not close Paper Trail's: the server kept waiting for frames that would never come, and your relay with it, until the driver killed your relay ${through.patienceMs / 1000} s later.`;
  }),
};

/** A check's run: the relay exits once `when` has happened in `scenario`, and not before. */
const exitsAfter =
  (scenario: Scenario, when: string) =>
  (run: RunRecord): Outcome => {
    const report = reports(run)[scenario];
    if (!report) return unjudged`The driver did not report on ${when} (see relay-runs).`;
    const { exit } = report;
    if (report.exitedEarly) {
      const signal = exit?.signal ? `, signal ${exit.signal}` : '';
      const said = exit?.code ? lastWords(report) : '';
      return fail`Your relay exited before ${when}, while the session was still going (with code ${exit?.code ?? 'none'}${signal}).${said}`;
    }
    if (exit) return pass`Your relay exited ${exit.afterMs} ms after ${when}.`;
    return fail`Your relay was still running ${report.patienceMs / 1000} s after ${when}; the driver had to kill it.`;
  };

const exitsWhenClientCloses: Check = {
  id: 'exits-when-client-closes',
  title: 'The relay exits when the client closes its stdin, once its server has',
  hint: 'After ending the server’s stdin, let the server finish and exit when it closes ("close", not right after server.stdin.end()).',
  // Exiting is not enough: a lingering server's last line must get through first.
  run(run) {
    const first = exitsAfter('through', 'the client closed its stdin')(run);
    const last = reports(run)['client-closes'];
    if (!first.ok || !last?.answered || !last.exit || linesOf(last.got).includes(FAREWELL))
      return first;
    return fail`Your relay exited ${last.exit.afterMs} ms after the client closed its stdin, before its server had. In the second session answer-once.ts (started with --linger) takes a moment to finish once its stdin closes and then writes one last line, ${clip(FAREWELL.trim(), 90)}, which never reached the client. Close the server's stdin, then exit when the server's process closes.`;
  },
};

const exitsWhenServerExits: Check = {
  id: 'exits-when-server-exits',
  title: 'The relay exits when the server exits, even with the client still connected',
  hint: 'Listen for the server’s "close" event and exit then (process.exit, after your stdout has drained): an open stdin keeps a Node process alive.',
  run: exitsAfter(
    'server-exits',
    'the driver sent its one request to answer-once.ts (a server that answers it and exits)',
  ),
};

export const checks: Check[] = [
  relayRuns,
  clientToServer,
  serverToClient,
  onlyRelayedOnStdout,
  logsFrames,
  endsServerStdin,
  exitsWhenClientCloses,
  exitsWhenServerExits,
];

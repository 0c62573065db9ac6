// Checks for tap: the learner's relay sits between the driver (the client) and the course's
// own tap in front of Paper Trail (the server). The driver reports the bytes it wrote and got
// back ("@@tap" lines); the harness recorded the bytes Paper Trail received and sent. A relay
// is right when the two sides match byte for byte, its stdout holds nothing else, it logs
// each frame with a direction, and it ends when either side ends.
import { frameRef, say } from '../../sandbox/checks/say.ts';
import type { Check, Outcome, RunRecord, Said } from '../../sandbox/contract/check.ts';
import { conversation } from '../../sandbox/checks/client-checks.ts';
import { clip, stderrGist } from '../../sandbox/checks/frames.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import type { Direction } from '../../sandbox/wire/record.ts';
import { driverReports } from '../../sandbox/checks/driver-reports.ts';
import {
  extras,
  firstLoss,
  isJson,
  lines,
  shown,
  whatChanged,
} from '../../sandbox/checks/byte-lines.ts';
import { labelProblem, twoFramesOnOneLine } from '../../sandbox/checks/frame-log.ts';
import { counted } from '../../sandbox/checks/words.ts';

interface Exit {
  code: number | null;
  signal: string | null;
  afterMs: number;
}

interface Report {
  scenario: 'through' | 'client-closes' | 'server-exits';
  /** base64 of every byte the driver wrote into the relay. */
  wrote: string;
  /** base64 of every byte the relay wrote on its stdout. */
  got: string;
  stderr: string;
  /** null: the relay was still running when the driver gave up on it (and killed it). */
  exit: Exit | null;
  /** How long the driver gave the relay to exit before it killed it. */
  patienceMs: number;
  /** The relay had exited before the driver closed its stdin ("through" only). */
  exitedEarly?: boolean;
  replies?: Record<string, boolean>;
  /** The one request got its answer ("client-closes" only). */
  answered?: boolean;
}

const SCENARIOS: readonly Report['scenario'][] = ['through', 'client-closes', 'server-exits'];

/** What answer-once.ts --linger writes as it finishes (keep the two in step). */
const FAREWELL =
  '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"answer-once","data":"stdin closed → finished, exiting"}}\n';

/** What answer-once.ts writes for the request it reads (keep the two in step). */
function answerOnceReply(request: string): string {
  const id = /"id":("[^"]*")/.exec(request)?.[1] ?? 'null';
  return `{"jsonrpc":"2.0","id":${id},"result":{"said":"one answer → then gone"}}\n`;
}

function reports(run: RunRecord): Partial<Record<Report['scenario'], Report>> {
  const out: Partial<Record<Report['scenario'], Report>> = {};
  // A damaged or missing line: the relay-runs check reports the missing scenario.
  for (const { value } of driverReports(run.program.stdout, 'tap')) {
    const report = value as unknown as Report;
    if (SCENARIOS.includes(report.scenario)) {
      out[report.scenario] = report;
    }
  }
  return out;
}

const text = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

/** One side of the harness's record: each frame as its line, newline included. */
function recorded(run: RunRecord, dir: Direction): { seq: number; line: string }[] {
  return run.frames
    .filter((f) => f.dir === dir)
    .map((f) => ({ seq: f.seq, line: run.unterminated.has(f.seq) ? f.text : `${f.text}\n` }));
}

function needThrough(run: RunRecord): Report | Outcome {
  const through = reports(run).through;
  return through ?? notReached('The driver did not finish its first session (see relay-runs).');
}
const isReport = (value: Report | Outcome): value is Report => 'scenario' in value;

/** A relay that died in the first session, in words, with what it said on stderr. */
function crashed(run: RunRecord): string | undefined {
  const through = reports(run).through;
  const exit = through?.exit;
  if (!through?.exitedEarly || !exit || exit.code === 0) return undefined;
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const gist = stderrGist(through.stderr);
  return `Your relay ${how} in the middle of the first session.${gist ? ` Its stderr says: ${JSON.stringify(gist.slice(0, 300))}` : ' It wrote nothing on stderr.'}`;
}

const relayRuns: Check = {
  id: 'relay-runs',
  title: 'The driver can run both sessions through your relay',
  hint: 'Run `node drive.ts relay.ts answer-once.ts npm run --silent paper-trail` and read what your relay prints on stderr.',
  run(run) {
    const got = reports(run);
    const crash = crashed(run);
    if (crash) return { ok: false, message: crash };
    if (SCENARIOS.every((s) => got[s])) {
      return { ok: true, message: 'All three sessions ran through your relay.' };
    }
    const gist = stderrGist(run.program.stderr);
    const why =
      run.verdict === 'timeout'
        ? ` The run was stopped at ${run.timeoutMs / 1000} s.`
        : run.verdict === 'output-limit'
          ? ' The run was stopped for writing too much output.'
          : gist
            ? ` Last words on stderr: ${JSON.stringify(gist.slice(0, 300))}`
            : '';
    const count = SCENARIOS.filter((s) => got[s]).length;
    const done = count === 0 ? 'no session' : counted(count, 'session');
    return { ok: false, message: `The driver finished ${done} of three.${why}` };
  },
};

const clientToServer: Check = {
  id: 'client-to-server',
  title: 'Every byte the client wrote reaches the server unchanged',
  hint: 'Forward each chunk from stdin to the server as the Buffer it is (server.stdin.write(chunk), or process.stdin.pipe(server.stdin)): no decoding, no parsing, no lines.',
  run(run) {
    const through = needThrough(run);
    if (!isReport(through)) return through;
    const sent = lines(text(through.wrote));
    const got = recorded(run, 'c2s');
    const arrived = got.map((g) => g.line);
    const loss = firstLoss(sent, arrived);
    if (!loss && arrived.length === sent.length) {
      return {
        ok: true,
        message: `All ${sent.length} frames the client wrote reached the server byte for byte.`,
      };
    }
    if (!loss) {
      const extra = extras(sent, arrived)[0];
      const at = got.find((g) => g.line === extra);
      return {
        ok: false,
        ...(at && { frame: at.seq }),
        message: say`The server received ${at ? frameRef(at.seq) : 'a line'}, ${shown(extra)}, which the client never wrote.`,
      };
    }
    const position = arrived.indexOf(loss.arrived ?? '\u0000');
    const at = got[position];
    const line = `line ${loss.index + 1} of the ${sent.length} it wrote`;
    if (!at) {
      const crash = crashed(run);
      return {
        ok: false,
        message: `The server never received the client's ${line}, ${shown(sent[loss.index])}.${crash ? ` ${crash}` : ''}`,
      };
    }
    return {
      ok: false,
      frame: at.seq,
      message: say`The server received ${frameRef(at.seq)} where the client wrote its ${line}: ${whatChanged(sent[loss.index], at.line)}.`,
    };
  },
};

const serverToClient: Check = {
  id: 'server-to-client',
  title: 'Every byte the server wrote reaches the client unchanged',
  hint: 'Forward each chunk from the server’s stdout as the Buffer it is (process.stdout.write(chunk), or server.stdout.pipe(process.stdout)), and exit on the server’s "close" so its last bytes are passed on first.',
  run(run) {
    const got = reports(run);
    const through = needThrough(run);
    if (!isReport(through)) return through;
    const sent = recorded(run, 's2c');
    if (sent.length === 0) {
      return notReached('Paper Trail sent nothing: no request reached it (see client-to-server).');
    }
    const arrived = lines(text(through.got));
    const loss = firstLoss(
      sent.map((s) => s.line),
      arrived,
    );
    if (loss) {
      const at = sent[loss.index];
      const message: Said =
        loss.arrived === undefined
          ? say`The client never got ${frameRef(at.seq)}, ${shown(at.line)}, from your relay's stdout.`
          : say`The client got ${shown(loss.arrived)} where the server wrote ${frameRef(at.seq)}: ${whatChanged(at.line, loss.arrived)}.`;
      return { ok: false, frame: at.seq, message };
    }
    const last = got['server-exits'];
    if (last) {
      const answer = answerOnceReply(text(last.wrote));
      if (!lines(text(last.got)).includes(answer)) {
        return {
          ok: false,
          message: `A server that answers and exits at once (answer-once.ts) wrote ${shown(answer)}, but the client never got it whole from your relay (it got ${shown(text(last.got))}). Exiting on the server's "exit" event can lose its last bytes; "close" comes after its stdout is read to the end.`,
        };
      }
    }
    return {
      ok: true,
      message: `All ${sent.length} frames Paper Trail wrote reached the client byte for byte, and answer-once's last words too.`,
    };
  },
};

const onlyRelayedOnStdout: Check = {
  id: 'stdout-only-relayed',
  title: 'Nothing on the relay’s stdout but the server’s bytes',
  hint: 'Your stdout is the client’s wire: write only the server’s bytes there. Log with process.stderr.write or console.error, and send the server’s stderr to your stderr (stdio: [..., "inherit"]), never to stdout.',
  run(run) {
    const got = reports(run);
    const through = needThrough(run);
    if (!isReport(through)) return through;
    const sessions: [string, string[], string[]][] = [
      [
        'the Paper Trail session',
        recorded(run, 's2c').map((s) => s.line),
        lines(text(through.got)),
      ],
    ];
    const last = got['server-exits'];
    if (last) {
      sessions.push([
        'the answer-once session',
        [answerOnceReply(text(last.wrote))],
        lines(text(last.got)),
      ]);
    }
    // Nothing from the server and nothing on stdout is nothing to judge, not a clean stdout.
    if (sessions[0][1].length === 0 && sessions.every(([, , arrived]) => arrived.length === 0)) {
      return notReached(
        'Neither server wrote anything your relay could pass on (see client-to-server).',
      );
    }
    for (const [name, sent, arrived] of sessions) {
      // A line changed on its way is server-to-client's business; more lines than the server
      // wrote is this check's.
      const more = arrived.length - sent.length;
      if (more > 0) {
        const extra = extras(sent, arrived);
        const first = extra.find((line) => !isJson(line)) ?? extra[0];
        return {
          ok: false,
          message: `In ${name} your relay's stdout carried ${counted(more, 'line')} more than the server wrote, such as ${shown(first, 0, 90)}. The client reads every line of it as a frame.`,
        };
      }
    }
    return { ok: true, message: 'Your stdout carried the server’s bytes and nothing else.' };
  },
};

/** Words and arrows that say which way a frame went. */
const DIRECTION =
  /→|←|->|<-|=>|<=|>>|<<|⇒|⇐|\b(c2s|s2c|client|server|up|down|in|out|send|sent|recv|received|to|from|tx|rx)\b/i;

const logsFrames: Check = {
  id: 'logs-frames',
  title: 'Each frame is logged on stderr with its direction',
  hint: 'Write one stderr line per frame (per line of each direction, not per chunk), naming the direction, e.g. "client → server {…}" and "server → client {…}".',
  run(run) {
    const through = needThrough(run);
    if (!isReport(through)) return through;
    const logLines = through.stderr.split('\n');
    const reads = conversation(run).reads.filter((r) => r.message);
    if (reads.length === 0)
      return notReached('No frame crossed your relay (see client-to-server).');
    const methodOf = new Map<string, string>();
    for (const read of reads) {
      const m = read.message!;
      if (m.kind === 'request') methodOf.set(String(m.id), m.method);
    }
    for (const read of reads) {
      const m = read.message!;
      // A frame is named by its id, or by its method (a reply by its request's method).
      const id = 'id' in m && m.id !== undefined && m.id !== null ? String(m.id) : undefined;
      const method = 'method' in m ? m.method : id !== undefined ? methodOf.get(id) : undefined;
      const keys = [id, method].filter((k): k is string => k !== undefined);
      const withDirection = logLines.filter(
        (l) => keys.some((k) => l.includes(k)) && DIRECTION.test(l.replace(read.frame.text, ' ')),
      );
      // A request and its reply share the id: the two need a line each.
      const needed = m.kind === 'notification' ? 1 : 2;
      if (withDirection.length < needed) {
        const seen =
          through.stderr.trim() === ''
            ? 'your relay wrote nothing on stderr'
            : `its stderr began ${shown(through.stderr.trim(), 0, 120)}`;
        return {
          ok: false,
          frame: read.frame.seq,
          message: say`No line of your relay's stderr names ${frameRef(read.frame.seq)} (${keys.join(' / ')}, ${read.frame.dir === 'c2s' ? 'client → server' : 'server → client'}) with a direction; ${seen}.`,
        };
      }
    }
    const logged = reads.map((r) => ({ seq: r.frame.seq, dir: r.frame.dir, text: r.frame.text }));
    const two = twoFramesOnOneLine(logLines, logged);
    if (two) {
      return {
        ok: false,
        frame: two.first.seq,
        message: say`One line of your relay's stderr holds two frames, ${frameRef(two.first.seq)} and \
${frameRef(two.second.seq)}: ${clip(two.line, 120)}. The client wrote them in one write, and your relay \
logged the read, not the frames. A frame is one line of the stream: keep what you read per direction \
and log each line once its "\\n" has arrived.`,
      };
    }
    const labels = labelProblem(logLines, logged);
    if (labels?.kind === 'same') {
      return {
        ok: false,
        frame: labels.up.seq,
        message: say`Your relay logs ${frameRef(labels.up.seq)} (client → server) and \
${frameRef(labels.down.seq)} (server → client) with the same words around them, ${JSON.stringify(labels.label)}: \
a reader of the log cannot tell which way a frame went. Label each direction with its own words.`,
      };
    }
    if (labels?.kind === 'swapped') {
      const went = labels.frame.dir === 'c2s' ? 'client → server' : 'server → client';
      return {
        ok: false,
        frame: labels.frame.seq,
        message: say`Your relay logs ${frameRef(labels.frame.seq)} as ${JSON.stringify(labels.label)}, but it went \
${went}: the directions in your log are the wrong way round.`,
      };
    }
    return { ok: true, message: `All ${reads.length} frames were logged with a direction.` };
  },
};

const endsServerStdin: Check = {
  id: 'ends-server-stdin',
  title: 'When the client closes its end, the relay closes the server’s stdin',
  hint: 'Listen for "end" on process.stdin and call server.stdin.end() (pipe() does this for you): closing stdin is how a stdio client tells the server it is done.',
  run(run) {
    const through = needThrough(run);
    if (!isReport(through)) return through;
    if (!run.peerStarted) {
      return notReached('Your relay never started the server (see relay-runs).');
    }
    if (crashed(run))
      return notReached('Your relay did not live to the end of the session (see relay-runs).');
    // Paper Trail's stdin also closes when the driver kills a relay that did not exit: only a
    // relay that ended (or was still running) on its own can have closed it itself.
    if (run.stdinClosed && through.exit) {
      return {
        ok: true,
        message: 'The driver closed your stdin and your relay closed Paper Trail’s.',
      };
    }
    return {
      ok: false,
      message: `The driver closed your relay's stdin, but your relay did not close Paper Trail's: the server kept waiting for frames that would never come, and your relay with it, until the driver killed your relay ${through.patienceMs / 1000} s later.`,
    };
  },
};

function exitCheck(
  id: string,
  title: string,
  hint: string,
  scenario: Report['scenario'],
  when: string,
): Check {
  return {
    id,
    title,
    hint,
    run(run) {
      const report = reports(run)[scenario];
      if (!report) return notReached(`The driver did not report on ${when} (see relay-runs).`);
      if (report.exitedEarly) {
        return {
          ok: false,
          message: `Your relay exited before ${when}, while the session was still going (with code ${report.exit?.code ?? 'none'}${report.exit?.signal ? `, signal ${report.exit.signal}` : ''}).`,
        };
      }
      if (report.exit) {
        return { ok: true, message: `Your relay exited ${report.exit.afterMs} ms after ${when}.` };
      }
      return {
        ok: false,
        message: `Your relay was still running ${report.patienceMs / 1000} s after ${when}; the driver had to kill it.`,
      };
    },
  };
}

const exitsOnClientClose = exitCheck(
  'exits-when-client-closes',
  'The relay exits when the client closes its stdin, once its server has',
  'After ending the server’s stdin, let the server finish and exit when it closes ("close", not right after server.stdin.end()).',
  'through',
  'the client closed its stdin',
);

/** The same, and not before the server: a lingering server's last line must get through. */
const exitsWhenClientCloses: Check = {
  ...exitsOnClientClose,
  run(run) {
    const first = exitsOnClientClose.run(run);
    if (!first.ok) return first;
    const last = reports(run)['client-closes'];
    if (!last?.answered || !last.exit) return first;
    if (lines(text(last.got)).includes(FAREWELL)) return first;
    return {
      ok: false,
      message: `Your relay exited ${last.exit.afterMs} ms after the client closed its stdin, before its server had. In the second session answer-once.ts (started with --linger) takes a moment to finish once its stdin closes and then writes one last line, ${clip(FAREWELL.trim(), 90)}, which never reached the client. Close the server's stdin, then exit when the server's process closes.`,
    };
  },
};

const exitsWhenServerExits = exitCheck(
  'exits-when-server-exits',
  'The relay exits when the server exits, even with the client still connected',
  'Listen for the server’s "close" event and exit then (process.exit, after your stdout has drained): an open stdin keeps a Node process alive.',
  'server-exits',
  'the driver sent its one request to answer-once.ts (a server that answers it and exits)',
);

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

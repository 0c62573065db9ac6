// Checks for stdout-is-the-wire: the learner's server runs under the SDK reference client;
// every byte on its stdout must be protocol, the tool must still work, logs go to stderr.
import { counted, shownLine } from '../../sandbox/checks/words.ts';
import { frameRef, joined, mentionedFrames, say } from '../../sandbox/checks/say.ts';
import { isDeepStrictEqual } from 'node:util';
import type { Check, Outcome, RunRecord, Said } from '../../sandbox/contract/check.ts';
import { conversation } from '../../sandbox/checks/client-checks.ts';
import { clip, stderrGist, quote } from '../../sandbox/checks/frames.ts';
import { readFrame } from '../../sandbox/wire/read.ts';
import { notReached } from '../../sandbox/checks/not-reached.ts';
import type { Read } from '../../sandbox/checks/frames.ts';
import { expectedDiagnostics } from './diagnostics.ts';

const FOUND = { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What a stray stdout line is, so the message can name the mistake. */
function whatItIs(r: Read, run: RunRecord): string {
  if (run.unterminated.has(r.frame.seq) && r.json === undefined) {
    return 'is text with no newline after it, not JSON';
  }
  const glued = gluedReply(r.frame.text);
  if (glued) {
    return (
      `starts with ${quote(glued.prefix, 40)}, written without a newline, so it is glued to the ` +
      'front of a reply: the client cannot parse the line and loses that reply'
    );
  }
  if (r.json === undefined) return 'is not JSON: a log line';
  if (isObject(r.json) && !('jsonrpc' in r.json)) {
    return 'is valid JSON but not a JSON-RPC message (no "jsonrpc" member): a structured log line';
  }
  return `is not a valid JSON-RPC message: it ${r.problem ?? 'does not fit the schema'}`;
}

/** Stray text with no newline, followed on the same line by a real JSON-RPC message. */
function gluedReply(text: string): { prefix: string } | null {
  for (let i = text.indexOf('{', 1); i > 0; i = text.indexOf('{', i + 1)) {
    const rest = readFrame({ seq: 0, t: 0, dir: 's2c', transport: 'stdio', text: text.slice(i) });
    if (rest.message) return { prefix: text.slice(0, i) };
  }
  return null;
}

const onlyProtocol: Check = {
  id: 'stdout-only-jsonrpc',
  title: 'Nothing but JSON-RPC on stdout',
  hint: 'Replace console.log/info/debug with console.error (or process.stderr.write) everywhere in the server.',
  run(run) {
    const stray = conversation(run)
      .from('s2c')
      .filter((r) => r.problem);
    if (stray.length === 0) {
      const n = conversation(run).from('s2c').length;
      // "All 0 lines were JSON-RPC" is no pass: the session check says why nothing came.
      if (n === 0) {
        return notReached(
          'Your server wrote nothing on stdout, so there was nothing to judge (see the session check).',
        );
      }
      return {
        ok: true,
        message: `All ${n} lines your server wrote on stdout were JSON-RPC messages.`,
      };
    }
    const list = stray
      .slice(0, 4)
      .map((r) => say`${frameRef(r.frame.seq)} ${shownLine(r.frame.text, 70)} ${whatItIs(r, run)}`);
    const more = stray.length > 4 ? `; and ${stray.length - 4} more` : '';
    return {
      ok: false,
      frame: stray[0].frame.seq,
      message: say`Your server wrote ${counted(stray.length, 'line')} on stdout that ${stray.length === 1 ? 'is' : 'are'} not protocol: ${joined(list, '; ')}${more}. \
The client has to read each one as a message; the SDK client reports an error and skips it, other clients may give up.`,
    };
  },
};

/** The reply as it was sent, with a link to it; or that none came. */
function answerText(answer: Read | undefined): Said | string {
  return answer
    ? say`${clip(answer.frame.text, 160)} (${frameRef(answer.frame.seq)})`
    : 'never sent';
}

function callFor(run: RunRecord, orderId: string): { call?: Read; answer?: Read } {
  const conv = conversation(run);
  const call = conv.requests('c2s').find((r) => {
    const p = r.message.params;
    return (
      r.message.method === 'tools/call' &&
      isObject(p) &&
      isObject(p.arguments) &&
      p.arguments.order_id === orderId
    );
  });
  return { call, answer: call ? conv.responseTo(call) : undefined };
}

const toolWorks: Check = {
  id: 'tool-works',
  title: 'order_status still works',
  hint: 'Keep the tool named order_status; return structuredContent for a found order and throw for a missing one.',
  run(run) {
    const found = callFor(run, 'PT-1041');
    if (!found.call) {
      return notReached(
        'The reference client never got to call order_status (see the other checks).',
      );
    }
    const m = found.answer?.message;
    if (
      !found.answer ||
      m?.kind !== 'result' ||
      !isDeepStrictEqual(m.result.structuredContent, FOUND)
    ) {
      return {
        ok: false,
        frame: found.answer?.frame.seq ?? found.call.frame.seq,
        message: say`order_status for PT-1041 (${frameRef(found.call.frame.seq)}) should return structuredContent ${JSON.stringify(FOUND)}; the answer was ${answerText(found.answer)}.`,
      };
    }
    const missing = callFor(run, 'PT-9999');
    const mm = missing.answer?.message;
    if (!missing.answer || mm?.kind !== 'result' || mm.result.isError !== true) {
      const asked = missing.call ? say` (${frameRef(missing.call.frame.seq)})` : '';
      const out: Outcome = {
        ok: false,
        message: say`order_status for PT-9999${asked} should be a tool error (a result with isError: true); the answer was ${answerText(missing.answer)}.`,
      };
      const at = missing.answer?.frame.seq ?? missing.call?.frame.seq;
      if (at !== undefined) out.frame = at;
      return out;
    }
    return {
      ok: true,
      frame: found.answer.frame.seq,
      message: say`PT-1041 found (${frameRef(found.answer.frame.seq)}); PT-9999 a tool error (${frameRef(missing.answer.frame.seq)}).`,
    };
  },
};

/** Node's own warnings are not the server's diagnostics. */
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

/** The server died: by a signal, or by an exit code other than 0. */
function serverCrashed(run: RunRecord): boolean {
  const exit = run.peer.exit;
  return exit !== null && (exit.signal !== null || (exit.code ?? 0) !== 0);
}

const onStderr: Check = {
  id: 'diagnostics-on-stderr',
  title: 'Diagnostics still reach stderr',
  hint: 'Do not delete the banner and logs: write every one of them with console.error so operators still see them.',
  run(run) {
    const lines = diagnostics(run.peer.stderr);
    if (lines.length === 0) {
      const strays = conversation(run)
        .from('s2c')
        .some((r) => r.problem);
      const gist = stderrGist(run.peer.stderr);
      const crashed =
        serverCrashed(run) && gist
          ? ` All it wrote there was Node's report of its crash: ${quote(gist, 160)}.`
          : '';
      return {
        ok: false,
        message: strays
          ? `Your server wrote nothing on stderr: its diagnostics went to stdout instead.${crashed}`
          : `Your server wrote no diagnostics on stderr: the banner and logs are gone instead of moved there.${crashed}`,
      };
    }
    const expected = expectedDiagnostics(run);
    const missing = expected.filter((d) => !lines.some((l) => d.says(l)));
    if (missing.length > 0) {
      const strays = conversation(run)
        .from('s2c')
        .filter((r) => r.problem);
      const told = missing.map((d) => {
        const onStdout = strays.find((r) => d.says(r.frame.text));
        const about = d.call ? say` (asked in ${frameRef(d.call.frame.seq)})` : '';
        return onStdout
          ? say`${d.what}${about} is still on stdout (${frameRef(onStdout.frame.seq)})`
          : say`${d.what}${about} is gone`;
      });
      const message = say`Your server wrote ${counted(lines.length, 'diagnostic line')} on stderr, but not all of them: \
${joined(told, '; ')}. Move every diagnostic to stderr rather than deleting it; operators read them there.`;
      // Point at the first frame the message names: a call whose log line is missing.
      const first = mentionedFrames(message)[0];
      const out: Outcome = { ok: false, message };
      if (first !== undefined) out.frame = first;
      return out;
    }
    return {
      ok: true,
      message: `Your server wrote all ${expected.length} diagnostics on stderr (the start-up line, the order count, one line per order_status call), e.g. ${quote(lines[0], 60)}.`,
    };
  },
};

const finishes: Check = {
  id: 'session-completes',
  title: 'The reference client finishes its session',
  hint: 'The server must start, answer and exit when its stdin closes; run `node client.ts node server.ts` to see.',
  run(run) {
    if (run.verdict === 'timeout') {
      const conv = conversation(run);
      const stuck = conv.requests('c2s').find((r) => !conv.responseTo(r));
      if (!stuck) {
        return {
          ok: false,
          message: `The session did not finish within ${run.timeoutMs / 1000} s.`,
        };
      }
      return {
        ok: false,
        frame: stuck.frame.seq,
        message: say`The session did not finish within ${run.timeoutMs / 1000} s: the reference \
client's ${stuck.message.method} (${frameRef(stuck.frame.seq)}) never got a reply it could read.`,
      };
    }
    const server = run.peer.exit;
    if (server && (server.code ?? 0) !== 0 && run.program.exit?.code !== 0) {
      const last = run.frames.at(-1);
      return {
        ok: false,
        frame: last?.seq,
        message: say`Your server exited with code ${server.code ?? 'null'} in the middle of the session${last ? say` (the last frame was ${frameRef(last.seq, String(last.seq))})` : ''}, so the reference client failed.`,
      };
    }
    if (run.program.exit?.code !== 0) {
      // Say whose words are quoted: the learner's server, or the reference client.
      const server = stderrGist(run.peer.stderr);
      const client = stderrGist(run.program.stderr);
      const said = server
        ? ` Your server's stderr says: ${quote(server, 200)}`
        : client
          ? ` The reference client's stderr says: ${quote(client, 200)}`
          : '';
      return {
        ok: false,
        message: `The reference client failed (exit ${run.program.exit?.code ?? run.program.exit?.signal}).${said}`,
      };
    }
    return {
      ok: true,
      message: 'The reference client connected, called the tool twice and closed the session.',
    };
  },
};

export const checks: Check[] = [onlyProtocol, toolWorks, onStderr, finishes];

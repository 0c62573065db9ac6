// Frame-level checks of a client's behaviour on the wire. They judge what crossed the tap,
// not how the code is written: any key order, spacing, string or integer ids, pipelining
// and pings are fine as long as the protocol is followed.
import { stderrNote } from './stderr-note.ts';
import { capitalised, frameRef, say } from './say.ts';
import type { Check, Outcome, RunRecord } from '../contract/check.ts';
import { findSplitMessage, quote } from './frames.ts';
import type { Read } from './frames.ts';
import { clientStall } from './explain.ts';
import { conversation, isObject, stalled } from './run-story.ts';
import { notReached } from './not-reached.ts';

export { conversation };
export { handshake } from './handshake.ts';
import { handshake } from './handshake.ts';
export { readsWholeLines, readsWholeLinesIn, type ClientPart } from './reads-lines.ts';

function splitSeqs(run: RunRecord): Set<number> {
  return new Set(findSplitMessage(conversation(run).reads, 'c2s') ?? []);
}

/** A frame whose line never ended because the run was stopped at the output limit. */
function cutAtLimit(run: RunRecord, r: Read): boolean {
  return run.verdict === 'output-limit' && run.unterminated.has(r.frame.seq);
}

export const jsonrpcFrames: Check = {
  id: 'jsonrpc-frames',
  title: 'Every frame you send is a JSON-RPC 2.0 message',
  hint: 'Build each frame as {"jsonrpc":"2.0", ...} and send it with JSON.stringify(frame) + "\\n".',
  run(run) {
    const split = splitSeqs(run);
    const bad = conversation(run)
      .from('c2s')
      .find(
        (r) =>
          r.problem &&
          !split.has(r.frame.seq) &&
          !cutAtLimit(run, r) &&
          !(isObject(r.json) && r.json.id === null && r.json.jsonrpc === '2.0'),
      );
    if (bad) {
      return stalled(
        run,
        say`Your ${frameRef(bad.frame.seq)} ${bad.problem ?? ''}.`,
        bad.frame.seq,
      );
    }
    const sent = conversation(run).from('c2s').length;
    // Nothing sent is nothing to judge; the handshake check tells what happened instead.
    if (sent === 0) return notReached('Your client sent no frames, so there were none to judge.');
    const all = sent === 1 ? 'The one frame you sent is a' : `All ${sent} frames you sent are`;
    return { ok: true, message: `${all} valid JSON-RPC 2.0 message${sent === 1 ? '' : 's'}.` };
  },
};

export const oneMessagePerLine: Check = {
  id: 'one-message-per-line',
  title: 'One message per line, each line ended by a newline',
  hint: 'Use JSON.stringify(message) with no indent argument, and append "\\n" to every frame.',
  run(run) {
    if (conversation(run).from('c2s').length === 0) {
      return notReached('Your client sent no frames, so there were no lines to judge.');
    }
    const split = findSplitMessage(conversation(run).reads, 'c2s');
    if (split) {
      return stalled(
        run,
        say`Your frames ${frameRef(split[0], String(split[0]))}–${frameRef(split[split.length - 1], String(split[split.length - 1]))} are one JSON message split over \
${split.length} lines (it contains newlines, e.g. from JSON.stringify(x, null, 2)); \
on stdio each message must be exactly one line.`,
        split[0],
      );
    }
    const open = conversation(run)
      .from('c2s')
      .find((r) => run.unterminated.has(r.frame.seq) && r.frame.text.trim() !== '');
    if (open && cutAtLimit(run, open)) {
      return {
        ok: false,
        frame: open.frame.seq,
        message: say`Your ${frameRef(open.frame.seq)} was cut off after ${open.frame.text.length} characters: \
the run was stopped because more bytes crossed the wire than the harness records. Send messages \
of a sensible size, each on its own line.`,
      };
    }
    if (open) {
      return stalled(
        run,
        say`Your ${frameRef(open.frame.seq)} was never ended with "\\n", so the server could not \
know the message was complete.`,
        open.frame.seq,
      );
    }
    return { ok: true, message: 'Every message you sent was one complete line.' };
  },
};

export const requestIds: Check = {
  id: 'request-ids',
  title: 'Request ids are strings or integers, never null, never reused',
  hint: 'Keep a counter (1, 2, 3, …) or use strings; give every request a new id.',
  run(run) {
    const conv = conversation(run);
    const nullId = conv
      .from('c2s')
      .find((r) => isObject(r.json) && 'id' in r.json && r.json.id === null);
    if (nullId) {
      return stalled(
        run,
        say`Your ${frameRef(nullId.frame.seq)} has "id": null. In MCP an id is a string or an integer; \
a request with a null id is dropped, a notification has no id member at all.`,
        nullId.frame.seq,
      );
    }
    const seen = new Map<string, Read>();
    for (const r of conv.requests('c2s')) {
      const key = JSON.stringify(r.message.id);
      const first = seen.get(key);
      if (first) {
        return {
          ok: false,
          frame: r.frame.seq,
          message: say`Your ${frameRef(r.frame.seq)} (${r.message.method}) reuses id ${key} from \
${frameRef(first.frame.seq)} (${(first.message as { method: string }).method}). The answers \
cannot be told apart; every request needs an id not used before in the session.`,
        };
      }
      seen.set(key, r);
    }
    if (seen.size === 0) {
      return notReached('Your client sent no requests, so there were no ids to judge.');
    }
    return {
      ok: true,
      message:
        seen.size === 1
          ? 'One request, with its own id.'
          : `${seen.size} requests, each with its own id.`,
    };
  },
};

export const notificationsHaveNoId: Check = {
  id: 'notifications-no-id',
  title: 'Notifications carry no id',
  hint: 'Send {"jsonrpc":"2.0","method":"notifications/initialized"} with no "id" member.',
  run(run) {
    const conv = conversation(run);
    const wrong = conv.requests('c2s').find((r) => r.message.method.startsWith('notifications/'));
    if (wrong) {
      const answer = conv.responseTo(wrong);
      const seenAnswer = answer
        ? say` The server treated it as a request and answered it in ${frameRef(answer.frame.seq)}${
            answer.message?.kind === 'error' ? ` with error ${answer.message.error.code}.` : '.'
          }`
        : '';
      return {
        ok: false,
        frame: wrong.frame.seq,
        message: say`Your ${frameRef(wrong.frame.seq)} sends ${wrong.message.method} with "id": \
${JSON.stringify(wrong.message.id)}. A notification has no id; with one it is a \
request for a method that does not exist.${seenAnswer}`,
      };
    }
    if (conv.notifications('c2s').length === 0) {
      return notReached('Your client sent no notifications, so there were none to judge.');
    }
    return { ok: true, message: 'Your notifications carry no id.' };
  },
};

export function knownMethods(known: readonly string[]): Check {
  return {
    id: 'known-methods',
    title: 'Every method you call exists',
    hint: `Method names are exact and case-sensitive: ${known.join(', ')}.`,
    run(run) {
      const conv = conversation(run);
      const calls = conv
        .from('c2s')
        .filter((r) => r.message?.kind === 'request' || r.message?.kind === 'notification');
      if (calls.length === 0) {
        return notReached('Your client called no method, so there were no names to judge.');
      }
      for (const r of calls) {
        const m = r.message;
        if (!m || (m.kind !== 'request' && m.kind !== 'notification')) continue;
        if (m.kind === 'request' && m.method.startsWith('notifications/')) continue;
        if (known.includes(m.method)) continue;
        const answer = m.kind === 'request' ? conv.responseTo(r) : undefined;
        const seen =
          answer?.message?.kind === 'error'
            ? say` The server answered error ${answer.message.error.code} ${quote(answer.message.error.message)} in ${frameRef(answer.frame.seq)}.`
            : '';
        return {
          ok: false,
          frame: r.frame.seq,
          message: say`Your ${frameRef(r.frame.seq)} calls ${quote(m.method)}, which is not an MCP method this server has.${seen}`,
        };
      }
      return { ok: true, message: 'Every method you called exists.' };
    },
  };
}

export const cleanExit: Check = {
  id: 'clean-exit',
  title: "Close the server's stdin and exit 0",
  hint: 'After printing, call child.stdin.end(); the server exits, and so can your program.',
  run(run) {
    if (run.verdict === 'timeout') {
      const stall = clientStall(run, conversation(run));
      const out: Outcome = {
        ok: false,
        message: capitalised(stall?.text ?? say`your program timed out.`),
      };
      if (stall?.frame !== undefined) out.frame = stall.frame;
      return out;
    }
    if (run.verdict === 'output-limit') {
      return {
        ok: false,
        message: 'Your program wrote more output than the harness records and was stopped.',
      };
    }
    const exit = run.program.exit;
    if (!exit || exit.code !== 0) {
      const how = exit?.signal ? `was killed by ${exit.signal}` : `exited with code ${exit?.code}`;
      return {
        ok: false,
        message: `Your program ${how}.${stderrNote(run.program.stderr, 'Its stderr says:')}`,
      };
    }
    if (!run.peerStarted) {
      return {
        ok: false,
        message:
          'Your program exited with code 0 but never started the server command it was given, so there was no server to talk to or to close.',
      };
    }
    return { ok: true, message: "You closed the server's stdin and exited with code 0." };
  },
};

/**
 * What every raw client of the course is held to before its own task: JSON-RPC frames one per
 * line, ids of its own, notifications without one, the 2025-11-25 handshake, and only the
 * methods in `known`.
 */
export function rawClientBasics(known: readonly string[]): Check[] {
  return [
    jsonrpcFrames,
    oneMessagePerLine,
    requestIds,
    notificationsHaveNoId,
    handshake('2025-11-25'),
    knownMethods(known),
  ];
}

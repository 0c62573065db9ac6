// Does the client read messages, or reads? In a check run the tap hands a client the server's
// bytes cut inside every line (sandbox/tap/cuts.ts), so two ways of reading that work while
// replies happen to arrive whole fail every time, each leaving its own trace:
// - parsing each read as a message: JSON.parse throws on the first piece (the program dies
//   of a SyntaxError about JSON);
// - decoding each read to text on its own: a character cut between two reads becomes U+FFFD.
// A client that swallows the parse error and waits on is told by the hang story (explain.ts).
import type { Check, RunRecord } from '../contract/check.ts';
import type { Conversation, Read } from './frames.ts';
import { quote } from './frames.ts';
import { notReached } from './not-reached.ts';
import { parseCrash } from './parse-crash.ts';
import { conversation } from './run-story.ts';
import { fail, firstFailing, pass } from './outcome.ts';
import { frameRef, say } from './say.ts';

const REPLACEMENT = '\uFFFD';

/** The server's frame the program was reading when it stopped: the first after its last word. */
function readingWhenStopped(conv: Conversation): Read | undefined {
  const lastSent = conv.from('c2s').at(-1)?.frame.seq ?? -1;
  const replies = conv.from('s2c');
  return replies.find((r) => r.frame.seq > lastSent) ?? replies.at(-1);
}

/** A garbled word of the program's output, and the frame that has it whole. */
function garbled(
  conv: Conversation,
  output: string,
): { word: string; whole: string; frame: Read } | null {
  const word = new RegExp(`[^\\s"]*${REPLACEMENT}+[^\\s"]*`).exec(output)?.[0];
  if (!word) return null;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    escaped.replace(new RegExp(`${REPLACEMENT}+`, 'g'), '[^\\x00-\\x7F]+'),
  );
  for (const frame of conv.from('s2c')) {
    if (frame.frame.text.includes(REPLACEMENT)) continue;
    const whole = pattern.exec(frame.frame.text)?.[0];
    if (whole) return { word, whole, frame };
  }
  return null;
}

/**
 * The method of the client's last request, when the run was stopped while the client sat
 * silent on its answer, printed nothing and sent an id that comes back as it was sent (a
 * numeric-looking string id is the other story of a hang at an answer, told by clean-exit).
 */
function silentAfter(run: RunRecord, reading: Read): string | null {
  if (run.verdict !== 'timeout' || run.program.stdout.trim() !== '') return null;
  const conv = conversation(run);
  const asked = conv.requests('c2s').at(-1);
  if (!asked || conv.responseTo(asked) !== reading) return null;
  const id = asked.message.id;
  if (typeof id === 'string' && /^\d+$/.test(id)) return null;
  return asked.message.method;
}

export const readsWholeLines: Check = {
  id: 'reads-whole-lines',
  title: 'Read whole lines, however the bytes arrive',
  hint:
    'A read from a pipe ends anywhere, even inside a message: keep what arrives in a buffer (Buffer.concat, or ' +
    'setEncoding(\'utf8\') and a string) and parse only complete lines, up to each "\\n"; ' +
    "readline's createInterface does both for you.",
  run(run) {
    if (!run.splitDelivery) {
      return notReached(
        'The server’s bytes reached your client uncut in this run, so reading was not tested.',
      );
    }
    const reading = readingWhenStopped(conversation(run));
    if (!reading)
      return notReached('The server sent your client nothing, so there was nothing to read.');
    const crash = parseCrash(run.program.stderr);
    if (crash) {
      const n = reading.frame.seq;
      return {
        ok: false,
        frame: n,
        message: say`Your client parsed a chunk that was not a whole line: JSON.parse failed on part \
of ${frameRef(n)} (${quote(crash, 120)}). A pipe may cut a message anywhere and run two together, \
and in a check run the harness makes sure it does; buffer what you read until "\\n" and parse \
each whole line.`,
      };
    }
    const bad = garbled(conversation(run), run.program.stdout + run.program.stderr);
    if (bad) {
      const n = bad.frame.frame.seq;
      return {
        ok: false,
        frame: n,
        hint: "A read from a pipe ends anywhere, even inside a character: collect the Buffers and decode whole lines, or call setEncoding('utf8') on the stream before reading.",
        message: say`Your client wrote ${quote(bad.word)} where the server sent ${quote(bad.whole)} \
in ${frameRef(n)}: it decoded each chunk to text on its own, and a chunk ended in the middle of a \
character's bytes. Decode whole lines (Buffer.concat, then toString), or let setEncoding('utf8') \
or readline carry a cut character over to the next read.`,
      };
    }
    const silent = silentAfter(run, reading);
    if (silent) {
      const n = reading.frame.seq;
      return {
        ok: false,
        frame: n,
        message: say`Your client sent nothing after the reply in ${frameRef(n)} (to its ${silent}), \
which reached it in pieces, cut inside the line as a pipe may cut it, and it went on waiting until \
it was stopped. A client that parses each read as a message never sees such a reply whole: buffer what \
you read until "\\n" and parse each whole line.`,
      };
    }
    const pieces = conversation(run).from('s2c').length;
    return {
      ok: true,
      message: `Your client read all ${pieces} of the server's lines, each delivered in pieces, as whole messages.`,
    };
  },
};

/** One of several runs of a client within one record, as a driver that starts it again and again reports it. */
export interface ClientPart {
  /** Which run, as a message names it: "run A (the server accepts your offer)". */
  where: string;
  conv: Conversation;
  stdout: string;
  stderr: string;
}

/**
 * The same check over every run a driver made of the client: the first run in which it parsed
 * a piece of a line or printed a character it had decoded in halves.
 */
export function readsWholeLinesIn(partsOf: (run: RunRecord) => ClientPart[]): Check {
  return {
    ...readsWholeLines,
    run(run) {
      if (!run.splitDelivery)
        return notReached(
          'The server’s bytes reached your client uncut in this run, so reading was not tested.',
        );
      const parts = partsOf(run);
      if (parts.every((p) => p.conv.from('s2c').length === 0))
        return notReached('The server sent your client nothing, so there was nothing to read.');
      const bad = firstFailing(parts, (p) => {
        const reading = readingWhenStopped(p.conv);
        const crash = parseCrash(p.stderr);
        if (crash && reading)
          return fail`In ${p.where} your client parsed a piece of ${frameRef(reading.frame.seq)} as if it were a whole message: ${quote(crash, 120)}. A pipe may cut a line anywhere, and in a check run the harness makes sure it does; buffer what you read until "\\n" and parse each whole line.`;
        const bad = garbled(p.conv, p.stdout + p.stderr);
        if (bad)
          return fail`In ${p.where} your client printed ${quote(bad.word)} where the server sent ${quote(bad.whole)} (${frameRef(bad.frame.frame.seq)}): it decoded each read on its own, and a read ended inside a character. Decode whole lines, or call setEncoding('utf8').`;
        return undefined;
      });
      return (
        bad ??
        pass`Your client read the server’s lines whole in every run, although each came in pieces.`
      );
    },
  };
}

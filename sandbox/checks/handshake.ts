// The handshake check: initialize first (only ping may come before it), with a protocol
// version, capabilities and clientInfo; nothing but ping until its result arrives; then
// notifications/initialized before any other request. Each step below finds one way to get
// it wrong; the first one that finds a mistake is the check's answer.
import type { Check, Outcome, RunRecord } from '../contract/check.ts';
import type { Conversation, Read } from './frames.ts';
import { quote } from './frames.ts';
import { initializeOf } from './initialize-of.ts';
import { conversation, isObject, stalled } from './run-story.ts';
import { frameRef, say } from './say.ts';
import { json } from './words.ts';

type Request = Read & {
  message: { kind: 'request'; method: string; params?: Record<string, unknown> };
};

const isPing = (r: Read) => r.message?.kind === 'request' && r.message.method === 'ping';
const methodOf = (r: Read) => (r.message && 'method' in r.message ? r.message.method : undefined);

/** Something other than ping before initialize. */
function sentBeforeInitialize(sent: Read[], init: Request): Outcome | null {
  const early = sent.find((r) => r.frame.seq < init.frame.seq && !isPing(r));
  const method = early && methodOf(early);
  if (!early || !method) return null;
  return {
    ok: false,
    frame: early.frame.seq,
    message: say`Your ${frameRef(early.frame.seq)} (${method}) comes before initialize; only ping may.`,
  };
}

/** The initialize request itself: protocol version, capabilities, clientInfo. */
function initializeParams(init: Request, protocolVersion: string): Outcome | null {
  const p = init.message.params ?? {};
  const where = say`Your initialize (${frameRef(init.frame.seq)})`;
  const fail = (message: Outcome['message']): Outcome => ({
    ok: false,
    frame: init.frame.seq,
    message,
  });
  if (p.protocolVersion !== protocolVersion) {
    return fail(
      p.protocolVersion === undefined
        ? say`${where} has no params.protocolVersion; expected "${protocolVersion}".`
        : say`${where} offers protocolVersion ${JSON.stringify(p.protocolVersion)}; expected "${protocolVersion}".`,
    );
  }
  if (!isObject(p.capabilities)) {
    return fail(say`${where} has no params.capabilities object (send {} if you support nothing).`);
  }
  const info = p.clientInfo;
  if (!isObject(info)) {
    return fail(
      say`${where} has no params.clientInfo; the server needs {"name":…,"version":…} to know who is calling.`,
    );
  }
  if (typeof info.name !== 'string' || typeof info.version !== 'string') {
    return fail(
      say`${where} has clientInfo ${json(info)}; it needs a string name and a string version.`,
    );
  }
  return null;
}

/** The server's answer to initialize: none (a hang), or an error. */
function initializeAnswer(run: RunRecord, init: Request, answer: Read | undefined): Outcome | null {
  if (!answer) {
    return stalled(
      run,
      say`Your initialize (${frameRef(init.frame.seq)}) never got an answer.`,
      init.frame.seq,
    );
  }
  if (answer.message?.kind !== 'error') return null;
  return {
    ok: false,
    frame: answer.frame.seq,
    message: say`The server rejected your initialize with error ${answer.message.error.code} (${frameRef(answer.frame.seq)}): ${quote(answer.message.error.message, 160)}.`,
  };
}

/** Something other than ping between initialize and its result. */
function sentBeforeResult(sent: Read[], init: Request, answer: Read): Outcome | null {
  const tooSoon = sent.find(
    (r) => r.frame.seq > init.frame.seq && r.frame.seq < answer.frame.seq && !isPing(r),
  );
  const method = tooSoon && methodOf(tooSoon);
  if (!tooSoon || !method) return null;
  return {
    ok: false,
    frame: tooSoon.frame.seq,
    message: say`Your ${frameRef(tooSoon.frame.seq)} (${method}) was sent before the initialize \
result arrived (${frameRef(answer.frame.seq)}). Until then the session is not set up; only ping may be sent.`,
  };
}

/** notifications/initialized missing, misspelt, or sent after another request. */
function initializedNotification(
  conv: Conversation,
  sent: Read[],
  init: Request,
  answer: Read,
): Outcome {
  const initialized = sent.find((r) => methodOf(r) === 'notifications/initialized');
  if (!initialized) {
    const nearMiss = conv.notifications('c2s').find((r) => /initiali[sz]/i.test(r.message.method));
    if (nearMiss) {
      return {
        ok: false,
        frame: nearMiss.frame.seq,
        message: say`Your ${frameRef(nearMiss.frame.seq)} sends ${quote(nearMiss.message.method)}, but the method is \
"notifications/initialized". A notification gets no answer, so the server ignored it without a word.`,
      };
    }
    return {
      ok: false,
      frame: answer.frame.seq,
      message: say`Your client never sent notifications/initialized after the initialize result (${frameRef(answer.frame.seq)}).`,
    };
  }
  const before = sent.find(
    (r) =>
      r.frame.seq > answer.frame.seq &&
      r.frame.seq < initialized.frame.seq &&
      r.message?.kind === 'request' &&
      !isPing(r),
  );
  const method = before && methodOf(before);
  if (before && method) {
    return {
      ok: false,
      frame: before.frame.seq,
      message: say`Your ${frameRef(before.frame.seq)} (${method}) comes before notifications/initialized (${frameRef(initialized.frame.seq)}); send the notification first.`,
    };
  }
  return {
    ok: true,
    frame: init.frame.seq,
    message: say`initialize (${frameRef(init.frame.seq)}) answered in ${frameRef(answer.frame.seq)}, then notifications/initialized (${frameRef(initialized.frame.seq)}).`,
  };
}

export function handshake(protocolVersion: string): Check {
  return {
    id: 'handshake',
    title: 'initialize first, wait for its result, then notifications/initialized',
    hint:
      `Send initialize with {"protocolVersion":"${protocolVersion}","capabilities":{},` +
      '"clientInfo":{"name":…,"version":…}}, wait for the result, then send notifications/initialized.',
    run(run) {
      const conv = conversation(run);
      const sent = conv.from('c2s').filter((r) => r.message);
      const { init, answer } = initializeOf(conv);
      if (!init) return stalled(run, 'Your client never sent an initialize request.');
      return (
        sentBeforeInitialize(sent, init) ??
        initializeParams(init, protocolVersion) ??
        initializeAnswer(run, init, answer) ??
        sentBeforeResult(sent, init, answer!) ??
        initializedNotification(conv, sent, init, answer!)
      );
    },
  };
}

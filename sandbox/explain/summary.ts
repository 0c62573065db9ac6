// The few numbers that say what a session was, after its findings: how many frames went each
// way, how many requests were answered, and the course's central distinction, tool errors
// (results with isError: true) counted apart from protocol errors (error responses).
import type { FrameRecord } from '../wire/record.ts';
import { counted } from '../checks/words.ts';
import type { Finding } from './rule.ts';
import { Session } from './session.ts';

export interface SessionSummary {
  frames: number;
  fromClient: number;
  fromServer: number;
  requests: number;
  answered: number;
  /** Requests an HTTP server refused with a status of 400 and up before JSON-RPC saw them. */
  refused: number;
  toolErrors: number;
  protocolErrors: number;
  findings: number;
}

export function summarise(
  frames: readonly FrameRecord[],
  found: readonly Finding[],
): SessionSummary {
  const session = new Session(frames);
  const requests = [...session.all.requests('c2s'), ...session.all.requests('s2c')];
  const taken = [...session.conv.requests('c2s'), ...session.conv.requests('s2c')];
  return {
    frames: frames.length,
    fromClient: frames.filter((f) => f.dir === 'c2s').length,
    fromServer: frames.filter((f) => f.dir === 's2c').length,
    requests: requests.length,
    answered: requests.filter((r) => session.replyTo(r)).length,
    refused: requests.length - taken.length,
    toolErrors: session.reads.filter((r) => r.failureKind === 'tool-error').length,
    protocolErrors: session.reads.filter((r) => r.failureKind === 'protocol-error').length,
    findings: found.length,
  };
}

/** The summary as the lines the CLI and the tap end with. */
export function summaryLines(s: SessionSummary): string[] {
  return [
    `${counted(s.frames, 'frame')} (${s.fromClient} from the client, ${s.fromServer} from the server); ${counted(s.requests, 'request')}, ${s.answered} answered${s.refused > 0 ? `, ${s.refused} refused by HTTP` : ''}.`,
    `${counted(s.toolErrors, 'tool error')} (results with "isError": true, for the model); ${counted(s.protocolErrors, 'protocol error')} ("error" responses, for the client's code).`,
    s.findings === 0
      ? 'No findings: nothing in this session breaks a rule the course teaches.'
      : `${counted(s.findings, 'finding')}.`,
  ];
}

/**
 * One finding as one line: `#<seq> <rule>: <what is wrong> (<lesson address>)`. A method name
 * or an id in a message is the capture's own text: control characters in it are shown as
 * escapes, so a hostile capture can neither break the line nor drive the terminal.
 */
export function findingLine(f: Finding, site = ''): string {
  const where = f.href === undefined ? '' : ` (${site}${f.href})`;
  return visible(`#${f.seq} ${f.rule}: ${String(f.message)}${where}`);
}

function visible(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

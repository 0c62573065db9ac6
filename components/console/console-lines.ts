// What the wire console knows about the lines a learner types, free of the DOM: the template
// lines its buttons fill in, the id the next template takes, and how the wire reads a typed
// line before it is sent (sandbox/wire, the same reading the frame pane gives it afterwards).
import { readFrame } from '../../sandbox/wire/read.ts';

const line = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });

export const TEMPLATES = {
  initialize: (id: number) =>
    line({
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'wire-console', version: '1.0.0' },
      },
    }),
  initialized: () => line({ method: 'notifications/initialized' }),
  list: (id: number) => line({ id, method: 'tools/list' }),
  call: (id: number, order = 'PT-1041') =>
    line({
      id,
      method: 'tools/call',
      params: { name: 'order_status', arguments: { order_id: order } },
    }),
};

export type TemplateName = keyof typeof TEMPLATES;

/** One more than the largest whole-number id among the lines sent so far (1 at first). */
export function nextId(sent: readonly string[]): number {
  let max = 0;
  for (const text of sent) {
    const id = readFrame({ seq: 0, t: 0, dir: 'c2s', transport: 'stdio', text }).id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > max) max = id;
  }
  return max + 1;
}

export interface LineNote {
  /** 'warn' for a line Paper Trail will refuse as it stands: it is still sent, as typed. */
  tone: 'plain' | 'warn';
  text: string;
}

/** What the wire makes of a typed line, said before it goes. */
export function describeLine(text: string): LineNote {
  if (text.includes('\n') || text.includes('\r')) {
    return { tone: 'warn', text: 'One line only: a newline would end the frame early.' };
  }
  const reading = readFrame({ seq: 0, t: 0, dir: 'c2s', transport: 'stdio', text });
  switch (reading.kind) {
    case 'request':
      return {
        tone: 'plain',
        text: `A request (${reading.method}, id ${JSON.stringify(reading.id)}): its reply will carry the same id.`,
      };
    case 'notification':
      return { tone: 'plain', text: `A notification (${reading.method}): no reply comes back.` };
    case 'response':
      return {
        tone: 'plain',
        text: 'A reply: Paper Trail asked nothing, so it has nothing to pair it with.',
      };
    case 'not-json':
      return {
        tone: 'warn',
        text: 'Not JSON. It is sent exactly as typed. JSON-RPC would answer -32700 Parse error, but Paper Trail (the SDK over stdio) drops such a line: no reply comes back, and its stderr below says why.',
      };
    default:
      return {
        tone: 'warn',
        text: `JSON, but no JSON-RPC message: it ${reading.problem ?? 'is not one'}. It is sent exactly as typed; over stdio the SDK drops it without a reply and says why on Paper Trail's stderr.`,
      };
  }
}

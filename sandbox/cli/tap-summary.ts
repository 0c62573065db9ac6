// One line per frame for `npm run tap -- --summary`: the distinctions the course teaches
// (direction, kind, id, tool error or protocol error, stray bytes) in a line that fits a
// terminal, read by the wire module so it agrees with every lesson and checker.
import { quote, readFrame } from '../wire/read.ts';
import type { FrameRecord } from '../wire/record.ts';

export function frameSummary(frame: FrameRecord): string {
  const arrow = frame.dir === 'c2s' ? '→' : '←';
  return [`#${frame.seq}`, arrow, httpPart(frame), messagePart(frame)]
    .filter((part) => part !== '')
    .join(' ');
}

function httpPart(frame: FrameRecord): string {
  const http = frame.http;
  if (!http) return '';
  if (http.part === 'request') return `${http.method ?? '?'} ${http.path ?? ''}`.trim();
  if (http.part === 'response') return `HTTP ${http.status ?? '?'}`;
  return 'SSE event';
}

function messagePart(frame: FrameRecord): string {
  const reading = readFrame(frame);
  const id = reading.id === undefined ? '' : ` id ${JSON.stringify(reading.id)}`;
  switch (reading.kind) {
    case 'request':
      return `request ${reading.method}${id}`;
    case 'notification':
      return `notification ${reading.method}`;
    case 'response': {
      const message = reading.message;
      if (message?.kind === 'error') {
        return `protocol error ${message.error.code}${id}: ${quote(message.error.message, 60)}`;
      }
      return reading.failureKind === 'tool-error'
        ? `tool error (isError: true)${id}`
        : `result${id}`;
    }
    case 'no-body':
      return '';
    case 'not-json':
    case 'not-jsonrpc':
      return `not a JSON-RPC message: it ${reading.problem}`;
  }
}

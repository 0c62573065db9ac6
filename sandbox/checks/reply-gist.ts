// A response a driver built exists only in the driver, so a message cannot link its frame, and
// its JSON (text items that hold JSON themselves) would read as a wall of escaped quotes. In
// a few words instead: an error's code, or a result's isError, content types and structured
// content.
import { readMessage } from '../wire/read.ts';
import { isObject } from './run-story.ts';
import { json } from './words.ts';

/** "error -32602", or "isError: true; content: text, image; no structuredContent". */
export function replyGist(response: unknown): string {
  const message = readMessage(response);
  if (message?.kind === 'error') return `error ${message.error.code}`;
  if (message?.kind !== 'result') return 'not a reply';
  const { result } = message;
  const items = Array.isArray(result.content)
    ? result.content.map((c) => String(isObject(c) ? c.type : undefined))
    : [];
  const parts = [
    ...(result.isError === true ? ['isError: true'] : []),
    `content: ${items.length === 0 ? 'none' : items.join(', ')}`,
    'structuredContent' in result
      ? `structuredContent: ${json(result.structuredContent, 110)}`
      : 'no structuredContent',
  ];
  return parts.join('; ');
}

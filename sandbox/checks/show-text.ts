// Text a learner should read as text: in curly quotes, its own straight quotes left alone, so
// that a text item holding JSON reads as that JSON and not as a wall of \" escapes. Line breaks
// and other control characters are shown as escapes, because a message is one paragraph and
// a "\n" between two items is often the very thing it is about.
import { clip } from './frames.ts';

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function showText(text: string, max = 100): string {
  const visible = text.replace(
    /\p{Cc}/gu,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `“${clip(visible, max)}”`;
}

// Check messages with their frame mentions kept as data. Write them as
//   say`Your ${frameRef(seq)} has no "jsonrpc" member.`
// and the learner reads "Your frame 3 has no …" with "frame 3" linked to the frame, while
// tests and pages read the mention from the parts instead of parsing the words.
import type { Said } from '../contract/check.ts';
import type { MessagePart } from '../contract/events.ts';

export interface FrameRef {
  frame: number;
  text: string;
}

/** A mention of frame `seq`, shown as `text` (by default "frame N"). */
export function frameRef(seq: number, text = `frame ${seq}`): FrameRef {
  return { frame: seq, text };
}

class SaidParts implements Said {
  readonly parts: readonly MessagePart[];
  constructor(parts: MessagePart[]) {
    this.parts = parts;
  }
  toString(): string {
    return this.parts.map((part) => (typeof part === 'string' ? part : part.text)).join('');
  }
}

type Value = string | number | FrameRef | Said;

function isSaid(value: Value): value is Said {
  return typeof value === 'object' && 'parts' in value;
}

export function say(strings: TemplateStringsArray, ...values: Value[]): Said {
  const parts: MessagePart[] = [];
  const text = (s: string) => {
    if (s === '') return;
    const last = parts[parts.length - 1];
    if (typeof last === 'string') parts[parts.length - 1] = last + s;
    else parts.push(s);
  };
  strings.forEach((s, i) => {
    text(s);
    if (i >= values.length) return;
    const value = values[i]!;
    if (typeof value === 'string' || typeof value === 'number') text(String(value));
    else if (isSaid(value)) {
      for (const part of value.parts) {
        if (typeof part === 'string') text(part);
        else parts.push(part);
      }
    } else parts.push({ frame: value.frame, text: value.text });
  });
  return new SaidParts(parts);
}

/** Messages joined with a separator, their frame mentions kept. */
export function joined(messages: readonly Said[], separator: string): Said {
  return messages.reduce<Said>(
    (all, message, i) => (i === 0 ? message : say`${all}${separator}${message}`),
    say``,
  );
}

/** The message as a sentence: its first letter upper-case. */
export function capitalised(message: Said): Said {
  const [first, ...rest] = message.parts;
  if (typeof first !== 'string' || first === '') return message;
  return new SaidParts([first[0]!.toUpperCase() + first.slice(1), ...rest]);
}

/** The frames a message mentions, in order. */
export function mentionedFrames(message: string | Said): number[] {
  if (typeof message === 'string') return [];
  return message.parts.flatMap((part) => (typeof part === 'string' ? [] : [part.frame]));
}

// A message that says two ids differ only in type ("a string is not a number") names each
// value's JSON type with its article; "a object" or "a array" would read as a slip, and null
// has no article at all.
import { kindOf } from './form-fit.ts';

/** "a string", "a number", "an object", "an array", "null": a JSON value's type in words. */
export function aKindOf(value: unknown): string {
  const kind = kindOf(value);
  if (value === null) return kind;
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

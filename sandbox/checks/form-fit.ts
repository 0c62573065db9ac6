// Elicitation answers are judged against the form the server sent: a flat requestedSchema
// (an object of primitive fields, some required). One reading of "does the content fit", so
// every exercise that answers a form tells the learner the same thing about the same mistake.
import { isObject } from './run-story.ts';
import { json } from './words.ts';

/** A JSON value as written, or "nothing" where a member is missing. */
export function jsonOrNothing(value: unknown): string {
  return value === undefined ? 'nothing' : json(value);
}

/** A value's JSON type as a learner would name it. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Does a value have a primitive field's type? (No type said: anything fits.) */
const TYPE_FITS: Record<string, (value: unknown) => boolean> = {
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
};

/** What is wrong with content against a flat requestedSchema, or undefined when it fits. */
export function formMisfit(schema: unknown, content: unknown): string | undefined {
  if (!isObject(content))
    return `content must be an object of fields, not ${jsonOrNothing(content)}`;
  const props = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  const absent = required.find((name) => typeof name === 'string' && !(name in content));
  if (absent !== undefined) return `the required field "${String(absent)}" is missing`;
  for (const [name, value] of Object.entries(content)) {
    const prop = props[name];
    if (!isObject(prop)) return `"${name}" is not a field of the form`;
    const fits = TYPE_FITS[String(prop.type)] ?? (() => true);
    if (!fits(value))
      return `"${name}" must be a ${String(prop.type)}, and ${jsonOrNothing(value)} is a ${kindOf(value)}`;
  }
  return undefined;
}

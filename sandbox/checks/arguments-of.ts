// A tool call's arguments are what most checks of a call look at; read them one way, as the
// params object's "arguments" member when it is an object, so a call without arguments and a
// call with arguments of the wrong shape read alike (the message says which it was).
import type { Read } from './frames.ts';
import { paramsOf } from './query.ts';
import { isObject } from './run-story.ts';

/** The arguments object a tools/call sent; {} when it sent none or not an object. */
export function argumentsOf(call: Read): Record<string, unknown> {
  const args = paramsOf(call).arguments;
  return isObject(args) ? args : {};
}

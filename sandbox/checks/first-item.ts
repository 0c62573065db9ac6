// MCP list-shaped results (resources/list's resources, resources/read's contents, tools/list's
// tools) are arrays of objects, and a check most often wants the first one. Read one way, so a
// result whose member is missing, not an array, or starts with a non-object reads as nothing.
import { isObject } from './run-story.ts';

/** The first item of `result[key]` when it is an object; else undefined. */
export function firstItem(
  result: Record<string, unknown> | undefined,
  key: string,
): Record<string, unknown> | undefined {
  const items = result?.[key];
  return Array.isArray(items) && isObject(items[0]) ? items[0] : undefined;
}

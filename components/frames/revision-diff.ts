// What changed between the same message in two protocol revisions, computed from the captured
// JSON (as sandbox/wire read it) so a lesson never states a difference the bytes do not show.
// A member only one side has is reported once, at the highest path that is new or gone
// (`params._meta`, not each of its keys); a value both sides have but differ on is "changed".

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface Change {
  kind: ChangeKind;
  /** Where, as a reader would write it: params._meta["io.modelcontextprotocol/protocolVersion"]. */
  path: string;
  /** The value on the left (removed, changed), shortened for display. */
  before?: string;
  /** The value on the right (added, changed), shortened for display. */
  after?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key appended to a path: dotted when it is a plain name, bracketed and quoted otherwise. */
export function joinPath(path: string, key: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

/** A value as one short line: JSON, cut at `max` characters with an ellipsis. */
export function shortValue(value: unknown, max = 60): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changes from `left` to `right`. The JSON-RPC envelope member `jsonrpc` never differs;
 * members are visited in the right side's order, then those only the left has.
 */
export function revisionChanges(left: unknown, right: unknown, path = ''): Change[] {
  if (isObject(left) && isObject(right)) {
    const changes: Change[] = [];
    for (const key of Object.keys(right)) {
      const at = joinPath(path, key);
      if (!(key in left)) changes.push({ kind: 'added', path: at, after: shortValue(right[key]) });
      else changes.push(...revisionChanges(left[key], right[key], at));
    }
    for (const key of Object.keys(left)) {
      if (!(key in right)) {
        changes.push({ kind: 'removed', path: joinPath(path, key), before: shortValue(left[key]) });
      }
    }
    return changes;
  }
  if (same(left, right)) return [];
  return [
    {
      kind: 'changed',
      path: path || '(the whole message)',
      before: shortValue(left),
      after: shortValue(right),
    },
  ];
}

// JSON laid out for reading: like JSON.stringify(value, null, 2), but an object or array that
// fits in the remaining width stays on one line, so a short frame reads as a few lines
// instead of twenty. The raw bytes are always shown separately.

/**
 * How deep a value may nest and still be laid out. Laying out recurses once per level and
 * measures every level's one-line form, so a hostile frame nested thousands deep would
 * exhaust the stack (and take seconds before it did); such a frame is shown as it was sent.
 */
export const MAX_LAYOUT_DEPTH = 64;

/** Whether `value` nests objects or arrays deeper than `limit`, found without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return true;
    for (const item of Object.values(v as Record<string, unknown>)) {
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return false;
}

/** `column` is where the value starts on its line (after indentation and key). */
export function layoutJson(
  value: unknown,
  width = 72,
  indent = '',
  column = indent.length,
): string {
  const oneLine = inline(value);
  if (value === null || typeof value !== 'object' || column + oneLine.length <= width) {
    return oneLine;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => inner + layoutJson(item, width, inner));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const lines = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    return prefix + layoutJson(item, width, inner, prefix.length);
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

function inline(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
}

// printsValue: a printed line is judged by the JSON value it holds, not by its spelling.
import { describe, expect, it } from 'vitest';
import { printsValue } from '../../sandbox/checks/index.ts';

describe('printsValue', () => {
  it('accepts any key order and spacing, and nothing else', () => {
    const order = { id: 'PT-1041', status: 'shipped' };
    expect(printsValue('{ "status": "shipped", "id": "PT-1041" }', order)).toBe(true);
    expect(printsValue('{"id":"PT-1041"}', order)).toBe(false);
    expect(printsValue('shipped', order)).toBe(false);
    expect(printsValue('undefined', undefined)).toBe(false);
  });
});

// The terminal leaves a driver's `@@<tag> {json}` report lines out, however the output is cut
// into chunks, and shows everything else as it comes.
import { describe, expect, it } from 'vitest';
import { createDriverLineFilter, hiddenNote } from '../../components/workbench/driver-lines.ts';

const OUTPUT =
  'hello from your code\n@@case {"case":"ok","id":1}\npartial @@case {"x":1}\n' +
  '@@tap {"wrote":"eyJqc29u"}\n@@nojson here\n@@case {"cut":\nlast line';

/** Feeds `text` in chunks of `size` characters, and returns what was shown. */
function shown(text: string, size: number) {
  const filter = createDriverLineFilter();
  let out = '';
  for (let i = 0; i < text.length; i += size) out += filter.push(text.slice(i, i + size));
  return { out: out + filter.flush(), hidden: filter.hidden() };
}

describe('driver line filter', () => {
  it('drops whole report lines and keeps the rest, in order, for any chunking', () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      const { out, hidden } = shown(OUTPUT, size);
      expect(out, `chunks of ${size}`).toBe(
        'hello from your code\npartial @@case {"x":1}\n@@nojson here\n@@case {"cut":\nlast line',
      );
      expect([...hidden]).toEqual([
        ['case', 1],
        ['tap', 1],
      ]);
    }
  });

  it('shows other text at once, holding only a line that may still be a report', () => {
    const filter = createDriverLineFilter();
    expect(filter.push('Working')).toBe('Working');
    expect(filter.push('…\n@@ca')).toBe('…\n');
    expect(filter.push('se {"a":1}\n')).toBe('');
    expect(filter.push('@x')).toBe('@x');
  });

  it('notes what it left out, or nothing', () => {
    expect(hiddenNote(new Map())).toBe('');
    expect(hiddenNote(new Map([['case', 1]]))).toBe(
      '[1 @@case line from the driver to the checks, not shown]',
    );
    expect(
      hiddenNote(
        new Map([
          ['case', 17],
          ['tap', 3],
        ]),
      ),
    ).toBe('[17 @@case, 3 @@tap lines from the driver to the checks, not shown]');
  });
});

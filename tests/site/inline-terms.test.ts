// MDX reads a line that starts with a component as a block of its own: a <Term> that prettier
// or an author puts at the start of a line splits its paragraph in two. Terms stay inline.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('glossary terms in lesson prose', () => {
  it('never start a line, where MDX would cut the paragraph around them', () => {
    const offending: string[] = [];
    const files = readdirSync('lessons').filter((f) => f.endsWith('.mdx'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      readFileSync(`lessons/${file}`, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^(\*\*|_)?<Term\b/.test(line)) offending.push(`lessons/${file}:${i + 1}: ${line}`);
        });
    }
    expect(offending).toEqual([]);
  });
});

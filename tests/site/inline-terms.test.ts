// MDX reads a line that starts with a component as a block of its own: a <Term> that prettier
// or an author puts at the start of a line splits its paragraph in two. Terms stay inline.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';

describe('glossary terms in lesson prose', () => {
  it('never start a line, where MDX would cut the paragraph around them', () => {
    const offending: string[] = [];
    const files = lessonFolders().map((lesson) => lesson.file);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^(\*\*|_)?<Term\b/.test(line)) offending.push(`${file}:${i + 1}: ${line}`);
        });
    }
    expect(offending).toEqual([]);
  });
});

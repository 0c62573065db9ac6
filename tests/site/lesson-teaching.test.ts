// The teaching components in the built anchor lesson: two sequence diagrams whose every link
// lands on a frame of the page, the legend and the error-code table, and not one script among
// them (they are HTML and CSS; the page reads the same with JavaScript off).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { DIST, REPO } from './serve-dist.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const PAGE = join(DIST, 'lessons/the-wire/index.html');

/** The built page (tests/setup/built-site.ts builds it before any test runs). */
function builtPage(): string {
  return readFileSync(PAGE, 'utf8');
}

/** Each element that opens with `open` (a start tag prefix), up to its matching close tag. */
function elements(html: string, open: string, tag: string): string[] {
  const found: string[] = [];
  let at = html.indexOf(open);
  while (at !== -1) {
    let depth = 0;
    const re = new RegExp(`<(/?)${tag}\\b`, 'g');
    re.lastIndex = at;
    for (let m = re.exec(html); m; m = re.exec(html)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        found.push(html.slice(at, re.lastIndex));
        break;
      }
    }
    at = html.indexOf(open, at + 1);
  }
  return found;
}

const hrefs = (html: string) =>
  [...html.matchAll(/<a [^>]*href="#([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));

let html = '';
let ids = new Set<string>();
beforeAll(() => {
  html = builtPage();
  ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
}, 180_000);

describe('the anchor lesson, as built', () => {
  it('draws two sequence diagrams whose arrows all link to frames on the page', () => {
    const diagrams = elements(html, '<figure class="seq"', 'figure');
    expect(diagrams.map((d) => /data-sequence="([^"]+)"/.exec(d)?.[1])).toEqual([
      'stdio-session',
      'http-sse',
    ]);
    const frames = (name: string) => readCapture(join(REPO, captureFile(`${name}.jsonl`, REPO)));
    const expected = [frames('stdio-session').length, 6];
    for (const [i, diagram] of diagrams.entries()) {
      const svg = diagram.slice(diagram.indexOf('<svg'), diagram.indexOf('</svg>'));
      const arrows = hrefs(svg);
      expect(arrows).toHaveLength(expected[i]!);
      // The list under the picture links the same frames, in the same order.
      expect(hrefs(diagram.slice(diagram.indexOf('</svg>')))).toEqual(arrows);
      for (const target of arrows) {
        expect(ids.has(target), `#${target} has no element on the page`).toBe(true);
        // ...and the element is that frame of the transcript, not something else with the id.
        expect(html).toMatch(new RegExp(`<li [^>]*id="${target}"[^>]*data-frame-source=`));
      }
    }
  });

  it('shows the legend once and the error-code table with every code', () => {
    expect(elements(html, '<aside class="legend"', 'aside')).toHaveLength(1);
    const [table] = elements(html, '<div class="error-codes"', 'div');
    const rows = [...table!.matchAll(/<tr data-code="(-\d+)"/g)].map((m) => Number(m[1]));
    expect(rows).toEqual([-32700, -32600, -32601, -32602, -32603, -32002, -32042]);
  });

  it('adds no script: diagrams, legend and table are HTML and CSS only', () => {
    const figures = elements(html, '<figure class="seq"', 'figure');
    expect(figures).toHaveLength(2);
    for (const part of figures) {
      expect(part).not.toMatch(/<script/i);
      expect(part).not.toMatch(/\son[a-z]+="/i);
    }
  });
});

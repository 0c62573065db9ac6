// Every frame a built page shows is byte for byte a frame of a committed capture, and every
// captured text file is shown verbatim, read from dist/ without a browser: the frames are
// drawn at build time and no script touches them (a lesson shows the same frames with
// JavaScript off, tests/e2e/lesson.test.ts), so the text a browser would give is the text the
// HTML parser gives, which built-html.ts follows. Lessons are found in lessons/, so a new one
// is held to it at once.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureFile } from '../../sandbox/course/capture-files.ts';
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import { findAll, parseHtml, textContent, type HtmlElement } from './built-html.ts';
import { DIST, REPO } from './serve-dist.ts';

const LESSONS = lessonFolders(REPO).map((lesson) => `/lessons/${lesson.slug}/`);
const PAGES = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('index.html'))
  .map((name) => `/${name.replace(/index\.html$/, '')}`)
  .sort();

const pages = new Map<string, HtmlElement>();
function page(path: string): HtmlElement {
  let tree = pages.get(path);
  if (!tree) {
    tree = parseHtml(readFileSync(join(DIST, path, 'index.html'), 'utf8'), `dist${path}`);
    pages.set(path, tree);
  }
  return tree;
}

const captures = new Map<string, FrameRecord[]>();
function capture(name: string): FrameRecord[] {
  let records = captures.get(name);
  if (!records) {
    records = readCapture(join(REPO, captureFile(`${name}.jsonl`, REPO)));
    captures.set(name, records);
  }
  return records;
}

/** Each frame of the page: its source, and its raw bytes (`:scope > details code[data-raw]`). */
function framesOf(tree: HtmlElement) {
  return findAll(tree, (e) => 'data-frame-source' in e.attrs).map((li) => {
    const details = li.children.filter(
      (c): c is HtmlElement => typeof c !== 'string' && c.tag === 'details',
    );
    const code = details
      .flatMap((d) => findAll(d, (e) => e.tag === 'code' && 'data-raw' in e.attrs))
      .at(0);
    return { source: li.attrs['data-frame-source']!, raw: code ? textContent(code) : null };
  });
}

/** Checks every frame of a page against its capture; the frame count and captures drawn on. */
function expectFramesByteForByte(path: string): { count: number; captures: string[] } {
  const frames = framesOf(page(path));
  const names = new Set<string>();
  for (const { source, raw } of frames) {
    const [name, seqText] = source.split('#') as [string, string];
    names.add(name);
    const record = capture(name)[Number(seqText)];
    expect(record, `${path}: ${source}`).toBeDefined();
    // Frames with no body (202, SSE heads, DELETE) show no raw block; all others must match.
    expect(raw ?? '', `${path}: ${source}`).toBe(record!.text);
  }
  return { count: frames.length, captures: [...names].sort() };
}

describe('frames on the built pages, without a browser', () => {
  it('finds the lesson pages built', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(2);
    for (const path of LESSONS) expect(PAGES, path).toContain(path);
  });

  it.each(LESSONS)('%s shows only frames of a committed capture, byte for byte', (path) => {
    expect(expectFramesByteForByte(path).count).toBeGreaterThan(5);
  });

  it('holds every other page that shows frames to the same', () => {
    for (const path of PAGES.filter((p) => !LESSONS.includes(p))) expectFramesByteForByte(path);
  });

  it('draws the anchor lesson from all six of its frame captures', () => {
    const shown = expectFramesByteForByte('/lessons/the-wire/');
    expect(shown.count).toBeGreaterThan(20);
    expect(shown.captures).toEqual([
      'http-json',
      'http-json-progress',
      'http-sse',
      'stdio-pipelined',
      'stdio-session',
      'stdio-strict',
    ]);
  });

  it('shows captured text files verbatim', () => {
    const figures = findAll(page('/lessons/the-wire/'), (e) => 'data-captured-file' in e.attrs);
    const figure = figures.find(
      (f) => f.attrs['data-captured-file'] === 'stdio-session.stderr.txt',
    );
    const pre = figure && findAll(figure, (e) => e.tag === 'pre')[0];
    expect(pre, 'the stderr figure and its <pre>').toBeDefined();
    const file = readFileSync(join(REPO, captureFile('stdio-session.stderr.txt', REPO)), 'utf8');
    expect(textContent(pre!)).toBe(file.replace(/\n$/, ''));
  });

  it('reads a page as the HTML parser does', () => {
    const tree = parseHtml(
      '<!DOCTYPE html><pre>\n<code data-raw>a&amp;b&#13;c\r\nd&#x2192;</code></pre><br><p>1 < 2</p>',
      'inline',
    );
    const [code] = findAll(tree, (e) => e.tag === 'code');
    expect(textContent(code!)).toBe('a&b\rc\nd→');
    expect(textContent(findAll(tree, (e) => e.tag === 'p')[0]!)).toBe('1 < 2');
    expect(() => parseHtml('<div><span></div>', 'broken')).toThrow(
      /broken: <\/div> at 11 closes <span>/,
    );
    expect(() => parseHtml('<p>&bogus;</p>', 'entity')).toThrow(/unknown character reference/);
  });
});

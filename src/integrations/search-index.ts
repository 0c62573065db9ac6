// The site search index (Pagefind), written into dist/pagefind/ after every `astro build`, so
// `npm run build`, the tests' build and the workshop server all serve the same index; the
// dev server indexes the pages it renders itself (dev-search.ts).
// Two kinds of record: the pages a learner reads (lessons, exercises, the glossary), and one
// record per captured frame shown on a page, whose URL is the frame's anchor: a search for
// `-32601` or `Mcp-Session-Id` then lands on the frame that shows it, not just its lesson.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as pagefind from 'pagefind';
import { loadCapture } from '../../components/frames/capture.ts';

/** Pages worth finding; the home page, the viewer and the progress page are tools, not text. */
const INDEXED = /^(lessons|exercises)\/[^/]+\/index\.html$|^glossary\/index\.html$/;

/** The opening tag our frame markup writes: an anchored frame carries its id and source. */
const FRAME_TAG =
  /<li class="frame[^"]*" id="([^"]+)" data-frame-source="([^"#]+)#(\d+)"[^>]*aria-label="([^"]*)"/g;

export interface FrameEntry {
  url: string;
  title: string;
  content: string;
}

function htmlFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path, root);
    return entry.name.endsWith('.html') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function pageTitle(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return unescape(title).replace(/ · MCP on the Wire$/, '');
}

/** The anchored frames of one built page, each with the words a learner might search for. */
export function framesOf(html: string, pageUrl: string, root: string): FrameEntry[] {
  const title = pageTitle(html);
  const entries: FrameEntry[] = [];
  for (const [, anchor, capture, seq, label] of html.matchAll(FRAME_TAG)) {
    const view = loadCapture(capture!, root).views.find((v) => v.record.seq === Number(seq));
    if (!view) continue;
    const { record, info } = view;
    const http = record.http;
    const headers = Object.entries(http?.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
    const line = http?.part === 'request' ? `${http.method ?? 'POST'} ${http.path ?? '/'}` : '';
    entries.push({
      url: `${pageUrl}#${anchor}`,
      title: `${title}: ${unescape(label!)}`,
      content: [info.label, info.method, info.badge.text, info.badge.detail, line, ...headers]
        .concat(record.text)
        .filter((part) => part !== undefined && part !== '')
        .join('\n'),
    });
  }
  return entries;
}

export interface PageToIndex {
  /** The page's URL path, with its trailing slash: "/lessons/stdio/". */
  url: string;
  html: string;
}

/** The URL paths of pages worth finding; see INDEXED. */
export function isIndexed(url: string): boolean {
  return INDEXED.test(url.replace(/^\//, '') + 'index.html');
}

export async function writeSearchIndex(
  dist: string,
  root: string,
): Promise<{ pages: number; frames: number }> {
  const pages = htmlFiles(dist)
    .filter((f) => INDEXED.test(f))
    .map((file) => ({
      url: '/' + file.replace(/index\.html$/, ''),
      html: readFileSync(join(dist, file), 'utf8'),
    }));
  return indexPages(pages, join(dist, 'pagefind'), root);
}

/** Indexes `pages` and their frames, and writes the index into `outDir`. */
export async function indexPages(
  pages: readonly PageToIndex[],
  outDir: string,
  root: string,
): Promise<{ pages: number; frames: number }> {
  const { index, errors } = await pagefind.createIndex({
    rootSelector: 'main',
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  let frames = 0;
  try {
    for (const { url, html } of pages) {
      // A static filter, so the search page can list pages and frames apart.
      const content = html.replace(/<main\b/, '<main data-pagefind-filter="kind:page"');
      const page = await index.addHTMLFile({ url, content });
      if (page.errors.length > 0) throw new Error(`pagefind ${url}: ${page.errors.join('; ')}`);
      for (const frame of framesOf(html, url, root)) {
        const added = await index.addCustomRecord({
          url: frame.url,
          content: frame.content,
          language: 'en',
          meta: { title: frame.title },
          filters: { kind: ['frame'] },
        });
        if (added.errors.length > 0) throw new Error(`pagefind ${frame.url}: ${added.errors}`);
        frames++;
      }
    }
    const written = await index.writeFiles({ outputPath: outDir });
    if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
  return { pages: pages.length, frames };
}

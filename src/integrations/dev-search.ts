// Search on `npm start`: the dev server writes no dist/, so it indexes the pages it renders
// itself. Once it listens it fetches the home page, follows its links to every page worth
// finding (the same pages and frames a build indexes), writes a Pagefind index into a
// temporary folder and serves it at /pagefind/, where the search page looks. A request that
// comes while the index is being written waits for it; a change to a lesson or an exercise
// makes the next search write it again.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { indexPages, isIndexed, type PageToIndex } from './search-index.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface DevSearch {
  /** Handles a request under /pagefind/; false for any other request. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** The server listens at `origin`: index now, in the background. */
  start(origin: string): void;
  /** A watched file changed: index again before the next search. */
  changed(file: string): void;
  close(): Promise<void>;
}

/** Every indexed page reachable by links from the home page, as the dev server renders it. */
async function crawl(origin: string): Promise<PageToIndex[]> {
  const seen = new Set<string>(['/']);
  const queue = ['/', '/glossary/'];
  const pages: PageToIndex[] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    const res = await fetch(origin + url);
    if (!res.ok) continue;
    const html = await res.text();
    if (isIndexed(url)) pages.push({ url, html });
    for (const [, href] of html.matchAll(/href="(\/[^"#?]*)/g)) {
      if (!seen.has(href!) && isIndexed(href!)) {
        seen.add(href!);
        queue.push(href!);
      }
    }
  }
  return pages.sort((a, b) => a.url.localeCompare(b.url));
}

export function createDevSearch(options: {
  root: string;
  log: (message: string) => void;
}): DevSearch {
  let origin = '';
  let dir: Promise<string> | undefined;
  let ready: Promise<void> | undefined;
  let stale = false;

  const build = (): Promise<void> => {
    stale = false;
    dir ??= mkdtemp(join(tmpdir(), 'mcpw-dev-search-'));
    const started = Date.now();
    return dir.then(async (d) => {
      const pages = await crawl(origin);
      const { frames } = await indexPages(pages, d, options.root);
      options.log(
        `search index: ${pages.length} pages, ${frames} frames, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    });
  };

  const serve = async (path: string, res: ServerResponse) => {
    try {
      // Written again only as a search starts (pagefind.js), never between a search's files.
      if (!ready || (stale && path === 'pagefind.js')) ready = build();
      await ready;
      const base = await dir!;
      const file = normalize(join(base, path));
      if (!file.startsWith(base + sep)) throw new Error('outside the index');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      if (!missing) {
        options.log(`search index: ${String(err)}`);
        ready = undefined;
      }
      res.writeHead(missing ? 404 : 500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(missing ? 'not in the search index\n' : 'the search index could not be written\n');
    }
  };

  return {
    handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (!path.startsWith('/pagefind/') || !origin) return false;
      void serve(decodeURIComponent(path.slice('/pagefind/'.length)), res);
      return true;
    },
    start(at) {
      origin = at;
      // Started now so the first search rarely waits; a failure is logged and retried then.
      ready = build().catch((err: unknown) => {
        options.log(`search index: ${String(err)}`);
        ready = undefined;
      });
    },
    changed(file) {
      const rel = file.slice(options.root.length).split(sep).join('/');
      if (/^(lessons|exercises)\//.test(rel)) stale = true;
    },
    async close() {
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  };
}

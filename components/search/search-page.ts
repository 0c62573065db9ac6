// /search/: reads ?q=, asks Pagefind, and lists pages and frames. Pagefind's own script and
// index load only here, and only once there is something to search for.
import { excerptParts } from './excerpt.ts';

interface PagefindResult {
  url: string;
  meta: { title?: string };
  excerpt: string;
}
interface Pagefind {
  search(
    term: string,
    options: { filters: { kind: string } },
  ): Promise<{ results: { data(): Promise<PagefindResult> }[] } | null>;
}

/** Pages first, then the frames: both kinds are records of one index (search-index.ts). */
const KINDS = [
  { kind: 'page', heading: 'Pages' },
  { kind: 'frame', heading: 'Frames' },
] as const;

const SHOWN = 30;
let loading: Promise<Pagefind> | undefined;

function loadPagefind(): Promise<Pagefind> {
  // A path Vite must not bundle: the index is written into dist/ after the site is built, or
  // by the dev server (src/integrations/dev-search.ts).
  const url = '/pagefind/pagefind.js';
  loading ??= import(/* @vite-ignore */ url) as Promise<Pagefind>;
  return loading;
}

const code = (text: string) => {
  const el = document.createElement('code');
  el.textContent = text;
  return el;
};

/** Where the index comes from, for a site served without one. */
function missingIndex(): (string | Node)[] {
  return [
    'The search index could not be loaded. ',
    code('npm run build'),
    ' writes it into the built site, and ',
    code('npm start'),
    ' writes its own once it has started: try again in a moment.',
  ];
}

function resultItem(result: PagefindResult): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'search-hit';
  const a = document.createElement('a');
  a.href = result.url;
  a.textContent = result.meta.title ?? result.url;
  const p = document.createElement('p');
  p.className = 'search-excerpt';
  for (const part of excerptParts(result.excerpt)) {
    const node = part.hit ? document.createElement('mark') : document.createElement('span');
    node.textContent = part.text;
    p.append(node);
  }
  li.append(a, p);
  return li;
}

function section(heading: string, kind: string, total: number, hits: PagefindResult[]) {
  const el = document.createElement('section');
  el.className = 'search-group';
  el.dataset.kind = kind;
  const h2 = document.createElement('h2');
  h2.textContent = `${heading} (${total}${total > hits.length ? `, first ${hits.length} shown` : ''})`;
  const ol = document.createElement('ol');
  ol.className = 'search-results';
  ol.append(...hits.map(resultItem));
  el.append(h2, ol);
  return el;
}

export function initSearchPage(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form')!;
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const status = root.querySelector<HTMLElement>('.search-status')!;
  const out = root.querySelector<HTMLElement>('.search-out')!;
  let current = 0;

  async function run(term: string): Promise<void> {
    const mine = ++current;
    out.replaceChildren();
    if (term.trim() === '') {
      status.textContent = '';
      return;
    }
    status.textContent = 'Searching…';
    let pagefind: Pagefind;
    try {
      pagefind = await loadPagefind();
    } catch {
      status.replaceChildren(...missingIndex());
      return;
    }
    const groups = await Promise.all(
      KINDS.map(async ({ kind, heading }) => {
        const found = await pagefind.search(term, { filters: { kind } });
        const results = found?.results ?? [];
        const hits = await Promise.all(results.slice(0, SHOWN).map((r) => r.data()));
        return { kind, heading, total: results.length, hits };
      }),
    );
    if (mine !== current) return;
    const total = groups.reduce((sum, g) => sum + g.total, 0);
    out.replaceChildren(
      ...groups.filter((g) => g.total > 0).map((g) => section(g.heading, g.kind, g.total, g.hits)),
    );
    status.textContent =
      total === 0
        ? `Nothing found for “${term}”.`
        : `${total} result${total === 1 ? '' : 's'} for “${term}”.`;
  }

  const initial = new URLSearchParams(location.search).get('q') ?? '';
  input.value = initial;
  if (initial) void run(initial);
  input.addEventListener('focus', () => void loadPagefind().catch(() => undefined), { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    const url = new URL(location.href);
    url.searchParams.set('q', input.value);
    history.replaceState(null, '', url);
    void run(input.value);
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), 150);
  });
}

// The frame viewer page: a file, a drop or a paste becomes frames drawn with the course's one
// frame markup and sequence diagram, a page of frames at a time so that a session of ten
// thousand frames costs what two hundred do. Nothing leaves the browser: the file is read
// with File.text() and never sent anywhere. Frame text reaches the page only as text.
import { toDom } from '../frames/markup-render.ts';
import { frameMarkup } from '../frames/markup.ts';
import type { Element } from '../frames/markup.ts';
import { markNoReplies } from '../frames/no-reply.ts';
import { layoutSequence } from '../frames/sequence.ts';
import { sequenceMarkup } from '../frames/sequence-markup.ts';
import { answeredMethod, frameAnchor, nestEvents, pairFrames } from '../frames/view.ts';
import type { FrameView } from '../frames/view.ts';
import { MAX_UPLOAD_BYTES, readUpload } from './read-upload.ts';
import type { BadLine, Upload } from './read-upload.ts';
import { summarise } from './summary.ts';
import { findings } from '../../sandbox/explain/findings.ts';
import type { Finding } from '../../sandbox/explain/rule.ts';
import { badgeFrames, findingsBlock } from './findings-view.ts';

/** Frames drawn at once; the pager reaches the rest. */
export const PAGE_SIZE = 200;
/** The name frames are anchored under: #upload-frame-12. */
const NAME = 'upload';

interface Loaded {
  source: string;
  upload: Extract<Upload, { frames: unknown }>;
  views: FrameView[];
  bySeq: Map<number, FrameView>;
  /** What the course's rules find in the session (npm run explain's findings). */
  found: Finding[];
}

function $(root: ParentNode, selector: string): HTMLElement {
  const el = root.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`viewer: ${selector} is missing from the page`);
  return el;
}

export function initViewer(root: HTMLElement): void {
  const file = $(root, '[data-viewer-file]') as HTMLInputElement;
  const drop = $(root, '[data-viewer-drop]');
  const paste = $(root, '[data-viewer-paste]') as HTMLTextAreaElement;
  const show = $(root, '[data-viewer-show]') as HTMLButtonElement;
  const status = $(root, '[data-viewer-status]');
  const output = $(root, '[data-viewer-output]');
  let loaded: Loaded | undefined;
  let page = 0;
  const sections = sectionsOf(root);

  const say = (text: string, tone: 'info' | 'error' = 'info') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };

  const open = (text: string, source: string) => {
    const upload = readUpload(text);
    if (upload.kind === 'unreadable') {
      loaded = undefined;
      output.replaceChildren();
      say(`${source}: ${upload.message}`, 'error');
      return;
    }
    const views = pairFrames(upload.frames);
    markNoReplies(views);
    loaded = {
      source,
      upload,
      views,
      bySeq: new Map(views.map((v) => [v.record.seq, v])),
      found: findings(upload.frames, sections),
    };
    page = pageOfHash() ?? 0;
    say(describe(loaded));
    draw();
  };

  const openFile = async (f: File | undefined) => {
    if (!f) return;
    if (f.size > MAX_UPLOAD_BYTES) {
      say(
        `${f.name} is ${(f.size / 1048576).toFixed(0)} MB; the viewer reads files up to ${MAX_UPLOAD_BYTES / 1048576} MB.`,
        'error',
      );
      return;
    }
    open(await f.text(), f.name);
  };

  const pageOfHash = (): number | undefined => {
    const match = new RegExp(`^#${NAME}-frame-(\\d+)$`).exec(location.hash);
    if (!match || !loaded) return undefined;
    const seq = Number(match[1]);
    return seq < loaded.views.length ? Math.floor(seq / PAGE_SIZE) : undefined;
  };

  const draw = () => {
    if (!loaded) return;
    output.replaceChildren(
      summaryBlock(loaded),
      findingsBlock(loaded.found, NAME, (seq) => frameAnchor(NAME, seq)),
      badLinesBlock(loaded.upload.bad),
      pager(loaded, page, go),
      diagram(loaded, page),
      frameList(loaded, page),
      pager(loaded, page, go),
    );
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    target?.scrollIntoView();
  };

  const go = (to: number) => {
    page = to;
    draw();
    $(output, '.viewer-pager button[aria-current]').focus();
  };

  file.addEventListener('change', () => void openFile(file.files?.[0]));
  show.addEventListener('click', () => open(paste.value, 'Pasted text'));
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.dataset.over = '';
  });
  drop.addEventListener('dragleave', () => delete drop.dataset.over);
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    delete drop.dataset.over;
    void openFile(event.dataTransfer?.files[0]);
  });
  // A summary or diagram link to a frame on another page turns to that page first.
  window.addEventListener('hashchange', () => {
    const to = pageOfHash();
    if (to !== undefined && to !== page) {
      page = to;
      draw();
    }
  });
  root.dataset.ready = '';
}

/** The lesson section of each rule, as the page wrote it from the lessons. */
function sectionsOf(root: HTMLElement): Map<string, string> {
  const written: unknown = JSON.parse(root.dataset.ruleSections ?? '{}');
  const entries = typeof written === 'object' && written !== null ? Object.entries(written) : [];
  return new Map(entries.filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function describe(l: Loaded): string {
  const n = l.views.length;
  const parts = [`${l.source}: ${n} frame${n === 1 ? '' : 's'}`];
  if (l.upload.kind === 'raw') {
    parts.push('read as raw JSON-RPC lines; directions are inferred from method names and ids');
  }
  if (l.upload.bad.length > 0)
    parts.push(`${l.upload.bad.length} line(s) could not be read (listed below)`);
  if (l.upload.renumbered) parts.push('frames renumbered by position');
  return parts.join('; ') + '.';
}

const link = (seq: number) => {
  const a = document.createElement('a');
  a.href = `#${frameAnchor(NAME, seq)}`;
  a.textContent = `#${seq}`;
  return a;
};

function summaryBlock(l: Loaded): HTMLElement {
  const section = document.createElement('section');
  section.className = 'viewer-summary';
  section.setAttribute('aria-label', 'Summary');
  const list = document.createElement('dl');
  for (const item of summarise(l.views)) {
    const dt = document.createElement('dt');
    dt.textContent = `${item.title}: ${item.seqs.length}`;
    dt.dataset.summary = item.key;
    const dd = document.createElement('dd');
    const meaning = document.createElement('span');
    meaning.textContent = item.meaning;
    dd.append(meaning);
    if (item.seqs.length > 0) {
      const where = document.createElement('span');
      where.className = 'viewer-summary-frames';
      const shown = item.seqs.slice(0, 20);
      where.append(' Frames ');
      shown.forEach((seq, i) => where.append(...(i ? [', ', link(seq)] : [link(seq)])));
      if (item.seqs.length > shown.length)
        where.append(` and ${item.seqs.length - shown.length} more`);
      dd.append(where);
    }
    list.append(dt, dd);
  }
  section.append(list);
  return section;
}

function badLinesBlock(bad: BadLine[]): HTMLElement | string {
  if (bad.length === 0) return '';
  const details = document.createElement('details');
  details.className = 'viewer-bad';
  details.open = true;
  const summary = document.createElement('summary');
  summary.textContent = `${bad.length} line(s) that are not frame records`;
  const list = document.createElement('ul');
  for (const b of bad.slice(0, 100)) {
    const li = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = b.text.length > 120 ? `${b.text.slice(0, 120)}…` : b.text;
    li.append(`Line ${b.line}: ${b.problem} `, code);
    list.append(li);
  }
  details.append(summary, list);
  return details;
}

function pager(l: Loaded, page: number, go: (page: number) => void): HTMLElement | string {
  const pages = Math.ceil(l.views.length / PAGE_SIZE);
  if (pages <= 1) return '';
  const nav = document.createElement('nav');
  nav.className = 'viewer-pager';
  nav.setAttribute('aria-label', 'Pages of frames');
  const button = (to: number, text: string, label: string) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'plain-btn';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.disabled = to < 0 || to >= pages;
    if (to === page && text !== '‹' && text !== '›') b.setAttribute('aria-current', 'page');
    b.addEventListener('click', () => go(to));
    return b;
  };
  const first = page * PAGE_SIZE;
  const last = Math.min(l.views.length, first + PAGE_SIZE) - 1;
  nav.append(button(page - 1, '‹', 'Previous page'));
  // The first, the last, and the pages around this one.
  for (let p = 0; p < pages; p++) {
    if (p === 0 || p === pages - 1 || Math.abs(p - page) <= 2) {
      nav.append(
        button(
          p,
          String(p + 1),
          `Page ${p + 1}, frames ${p * PAGE_SIZE}–${Math.min(l.views.length, (p + 1) * PAGE_SIZE) - 1}`,
        ),
      );
    } else if (Math.abs(p - page) === 3) nav.append('…');
  }
  nav.append(button(page + 1, '›', 'Next page'));
  const where = document.createElement('span');
  where.textContent = `Frames ${first}–${last} of ${l.views.length}`;
  nav.append(where);
  return nav;
}

function onPage(l: Loaded, page: number): FrameView[] {
  return l.views.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
}

function diagram(l: Loaded, page: number): HTMLElement | string {
  const views = onPage(l, page);
  if (views.length === 0) return '';
  const layout = layoutSequence(
    { name: NAME, file: l.source, views: l.views, stderr: [] },
    { range: [views[0]!.record.seq, views.at(-1)!.record.seq] },
  );
  const details = document.createElement('details');
  details.className = 'viewer-diagram';
  const summary = document.createElement('summary');
  summary.textContent = 'Sequence diagram of this page';
  details.append(summary, toDom(sequenceMarkup(layout, { caption: l.source })));
  return details;
}

function frameList(l: Loaded, page: number): HTMLElement {
  const views = onPage(l, page);
  const shown = new Set(views.map((v) => v.record.seq));
  const lookup = (seq: number) => l.bySeq.get(seq);
  const anchorOf = (seq: number) => frameAnchor(NAME, seq);
  const markup = (view: FrameView, nested?: Element[]) =>
    frameMarkup(view, {
      anchorOf,
      anchored: true,
      onPage: (seq) => shown.has(seq),
      answers: answeredMethod(view, lookup),
      source: `${NAME}#${view.record.seq}`,
      events: nested,
    });
  // As in a lesson: an HTTP response's SSE events are drawn inside it.
  const { top, eventsOf } = nestEvents(views);
  const list = document.createElement('ol');
  list.className = 'frames-list';
  for (const view of top) {
    list.append(
      toDom(
        markup(
          view,
          eventsOf.get(view.record.seq)?.map((e) => markup(e)),
        ),
      ),
    );
  }
  const figure = document.createElement('figure');
  figure.className = 'frames';
  figure.dataset.capture = NAME;
  figure.append(list);
  badgeFrames(figure, l.found, NAME, anchorOf);
  return figure;
}

// A built page read as a browser reads it, for the tests that only need its text: a small
// tree builder for the HTML the site writes (every element closed, as Astro and Shiki write
// them) and textContent as the DOM gives it. It follows the HTML parser where that changes
// text: carriage returns become newlines, a newline right after <pre> is dropped, character
// references are decoded. Anything it does not understand (an unclosed element, an entity it
// does not know) throws naming the page, so a test can never pass on a misread page.

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Their content is text up to their end tag, whatever it holds; in these two, decoded. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const ESCAPABLE_RAW_TEXT = new Set(['textarea', 'title']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decode(text: string, where: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (ref, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X';
      return String.fromCodePoint(parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    const named = NAMED[body];
    if (named === undefined) throw new Error(`${where}: unknown character reference ${ref}`);
    return named;
  });
}

const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** A whole start or end tag, quoted values and all (a ">" inside quotes does not end it). */
const TAG = /<\/?[^\s/>]+(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/y;

function attrsOf(source: string, where: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    attrs[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '', where);
  }
  return attrs;
}

/** The page's tree under a root element of tag "#document". */
export function parseHtml(input: string, where: string): HtmlElement {
  // The input stream's newline normalisation, before anything else reads it.
  const html = input.replace(/\r\n?/g, '\n');
  const root: HtmlElement = { tag: '#document', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack.at(-1)!;
  const text = (raw: string) => {
    if (!raw) return;
    let decoded = decode(raw, where);
    const parent = top();
    if (parent.tag === 'pre' && parent.children.length === 0 && decoded.startsWith('\n')) {
      decoded = decoded.slice(1);
    }
    if (decoded) parent.children.push(decoded);
  };
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) {
      text(html.slice(at));
      break;
    }
    // A "<" that starts no tag is text, as the parser reads it.
    if (!/[a-z/!]/i.test(html[lt + 1] ?? '')) {
      text(html.slice(at, lt + 1));
      at = lt + 1;
      continue;
    }
    text(html.slice(at, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) throw new Error(`${where}: a comment at ${lt} never ends`);
      at = end + 3;
      continue;
    }
    if (html.startsWith('<!', lt)) {
      at = html.indexOf('>', lt) + 1; // <!DOCTYPE html>
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (!tag) throw new Error(`${where}: no tag can start at ${lt}: ${html.slice(lt, lt + 40)}`);
    const tagText = tag[0].slice(1, -1);
    at = lt + tag[0].length;
    if (tagText.startsWith('/')) {
      const name = tagText.slice(1).trim().toLowerCase();
      if (top().tag !== name) {
        throw new Error(`${where}: </${name}> at ${lt} closes <${top().tag}>`);
      }
      stack.pop();
      continue;
    }
    const name = /^[^\s/>]+/.exec(tagText)?.[0].toLowerCase();
    if (!name) throw new Error(`${where}: a tag at ${lt} has no name`);
    const element: HtmlElement = {
      tag: name,
      attrs: attrsOf(tagText.slice(name.length).replace(/\/$/, ''), where),
      children: [],
    };
    top().children.push(element);
    if (VOID.has(name) || tagText.endsWith('/')) continue;
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, at);
      if (end === -1) throw new Error(`${where}: <${name}> at ${lt} never ends`);
      const content = html.slice(at, end);
      if (content)
        element.children.push(ESCAPABLE_RAW_TEXT.has(name) ? decode(content, where) : content);
      at = html.indexOf('>', end) + 1;
      continue;
    }
    stack.push(element);
  }
  if (stack.length > 1) {
    throw new Error(`${where}: <${stack.map((e) => e.tag).join('> <')}> left open`);
  }
  return root;
}

export function textContent(node: HtmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textContent).join('');
}

/** Every element under `node` (not itself) for which `test` holds, in document order. */
export function findAll(node: HtmlElement, test: (e: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  const walk = (parent: HtmlElement) => {
    for (const child of parent.children) {
      if (typeof child === 'string') continue;
      if (test(child)) found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

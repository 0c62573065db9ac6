// The two ways a frame's markup (markup.ts) becomes a page: HTML text at build time, DOM
// nodes in the browser. Frame bytes come from servers and learners, so text is only ever
// escaped (entities here, textContent there); only Shiki's own output goes in as HTML.
import type { Child, Element } from './markup.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // An HTML parser turns a literal carriage return into a newline; a character reference
  // survives, so a frame's \r reaches the page's text as the byte it was (lesson 9).
  '\r': '&#13;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (ch) => ENTITIES[ch]!);
}

const present = (child: Child): child is Exclude<Child, false | undefined> =>
  child !== false && child !== undefined && child !== '';

export function toHtml(node: Child): string {
  if (!present(node)) return '';
  if (typeof node === 'string') return escapeHtml(node);
  if ('html' in node) return node.html;
  const attrs = Object.entries(node.attrs ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value!)}"`))
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(toHtml).join('')}</${node.tag}>`;
}

const SVG = 'http://www.w3.org/2000/svg';

export function toDom(node: Element, doc: Document = document, inSvg = false): HTMLElement {
  // A sequence diagram's <svg> and its children draw only in the SVG namespace.
  const svg = inSvg || node.tag === 'svg';
  const el = (
    svg ? doc.createElementNS(SVG, node.tag) : doc.createElement(node.tag)
  ) as HTMLElement;
  for (const [name, value] of Object.entries(node.attrs ?? {})) {
    if (value !== undefined) el.setAttribute(name, value);
  }
  for (const child of node.children ?? []) {
    if (!present(child)) continue;
    if (typeof child === 'string') el.append(doc.createTextNode(child));
    else if ('html' in child) {
      throw new Error('trusted HTML is for build-time rendering only');
    } else el.append(toDom(child, doc, svg));
  }
  return el;
}

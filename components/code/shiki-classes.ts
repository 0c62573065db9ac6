// Shiki writes each token's two colours as an inline style; on a lesson full of frames those
// styles were about a quarter of the page's bytes. The two GitHub themes use only a handful of
// colour pairs, so each known pair becomes a short class that sets the same two variables
// (global.css), and the page theme still picks the palette with no script. A pair not in the
// table keeps its inline style, so a new token colour renders correctly, only larger.
import type { ShikiTransformer } from 'shiki';

/** Light and dark colour of a token (lower case) → the class that sets them. */
export const PALETTE_CLASSES: Readonly<Record<string, string>> = {
  '#24292e|#e1e4e8': 'sk-plain',
  '#005cc5|#79b8ff': 'sk-const',
  '#032f62|#9ecbff': 'sk-string',
  '#d73a49|#f97583': 'sk-keyword',
  '#6f42c1|#b392f0': 'sk-function',
  '#6a737d|#6a737d': 'sk-comment',
  '#e36209|#ffab70': 'sk-variable',
  '#22863a|#85e89d': 'sk-tag',
};

/** The block colours global.css gives every `.shiki` block; a block with these needs no style. */
const BLOCK_DEFAULTS: Readonly<Record<string, string>> = {
  '--shiki-light': '#24292e',
  '--shiki-dark': '#e1e4e8',
  '--shiki-light-bg': '#fff',
  '--shiki-dark-bg': '#24292e',
};

function declarations(style: unknown): [string, string][] {
  if (typeof style !== 'string') return [];
  return style
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()];
    });
}

export const paletteClasses: ShikiTransformer = {
  name: 'mcpw:palette-classes',
  pre(node) {
    const kept = declarations(node.properties.style).filter(
      ([name, value]) => BLOCK_DEFAULTS[name] !== value.toLowerCase(),
    );
    if (kept.length === 0) delete node.properties.style;
    else node.properties.style = kept.map(([name, value]) => `${name}:${value}`).join(';');
  },
  span(node) {
    const decls = declarations(node.properties.style);
    if (decls.length !== 2) return;
    const colours = Object.fromEntries(decls.map(([n, v]) => [n, v.toLowerCase()]));
    const name = PALETTE_CLASSES[`${colours['--shiki-light']}|${colours['--shiki-dark']}`];
    if (!name) return;
    delete node.properties.style;
    this.addClassToHast(node, name);
  },
};

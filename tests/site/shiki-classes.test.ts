// Token colours travel as classes, not inline styles: the transformer's table and global.css
// must agree, every built page must be covered by the table, and a colour the table does not
// know must still render (inline), never lose its colour.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeToHtml } from 'shiki';
import { describe, expect, it } from 'vitest';
import { PALETTE_CLASSES, paletteClasses } from '../../components/code/shiki-classes.ts';
import { untimedTokens } from '../../components/code/untimed-tokens.ts';
import { DIST, REPO, ensureBuilt } from './serve-dist.ts';

const CSS = readFileSync(join(REPO, 'src/styles/global.css'), 'utf8');

/** The two colours global.css gives `.shiki .<name>`, lower case, or undefined. */
function cssPair(name: string): string | undefined {
  const rule = new RegExp(`\\.shiki \\.${name} \\{([^}]*)\\}`).exec(CSS)?.[1];
  if (!rule) return undefined;
  const light = /--shiki-light:\s*(#[0-9a-f]+)/i.exec(rule)?.[1];
  const dark = /--shiki-dark:\s*(#[0-9a-f]+)/i.exec(rule)?.[1];
  return `${light?.toLowerCase()}|${dark?.toLowerCase()}`;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith('.html')
        ? [join(dir, entry.name)]
        : [],
  );
}

const highlight = (
  code: string,
  lang: string,
  themes = { light: 'github-light', dark: 'github-dark' },
) =>
  codeToHtml(code, {
    lang,
    themes,
    defaultColor: false,
    transformers: [untimedTokens, paletteClasses],
  });

describe('Shiki colours as classes', () => {
  it('gives every class in the table the same two colours in global.css', () => {
    for (const [pair, name] of Object.entries(PALETTE_CLASSES)) {
      expect(cssPair(name), name).toBe(pair);
    }
  });

  it('turns JSON and TypeScript tokens into classes and drops the block defaults', async () => {
    const json = await highlight('{"jsonrpc":"2.0","id":1,"result":{"isError":true}}', 'json');
    const ts = await highlight('// why\nconst x: string = await f("a");', 'ts');
    for (const html of [json, ts]) {
      expect(html).not.toContain('--shiki-light');
      expect(html).toMatch(/<pre class="shiki[^"]*" tabindex="0">/);
    }
    expect(json).toContain('class="sk-string"');
    expect(ts).toContain('class="sk-keyword"');
    expect(ts).toContain('class="sk-comment"');
  });

  it('keeps an unknown colour pair inline, so it still shows in its colour', async () => {
    const html = await highlight('{"a":1}', 'json', { light: 'min-light', dark: 'github-dark' });
    expect(html).toMatch(/style="--shiki-light:#[0-9A-Fa-f]+;--shiki-dark:#[0-9A-Fa-f]+"/);
  });

  it('leaves no inline token colour in any built page', async () => {
    await ensureBuilt();
    const offenders = htmlFiles(DIST)
      .map((file) => ({
        file,
        count: readFileSync(file, 'utf8').split('style="--shiki-').length - 1,
      }))
      .filter(({ count }) => count > 0)
      .map(({ file, count }) => `${file.slice(DIST.length)}: ${count}`);
    expect(offenders).toEqual([]);
  });
});

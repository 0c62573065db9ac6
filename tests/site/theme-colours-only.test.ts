// The light and the dark theme differ in colours and nothing else: every colour is one
// light-dark() pair, the toggle's data-theme sets only color-scheme, and no stylesheet asks for
// prefers-color-scheme. The browser tests lean on this to run axe's full rule set in one
// theme and only its colour rules in the other (tests/e2e/axe.ts, THEME_PASSES); a theme that
// hid, showed or moved something would need the full set in both.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './serve-dist.ts';

/** Every stylesheet of the site: .css files and the <style> blocks of .astro components. */
function stylesheets(): { file: string; css: string }[] {
  const out: { file: string; css: string }[] = [];
  for (const top of ['src', 'components']) {
    for (const name of readdirSync(join(REPO, top), { recursive: true, encoding: 'utf8' })) {
      const file = `${top}/${name}`;
      if (file.endsWith('.css')) out.push({ file, css: readFileSync(join(REPO, file), 'utf8') });
      if (file.endsWith('.astro')) {
        const text = readFileSync(join(REPO, file), 'utf8');
        for (const m of text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
          out.push({ file, css: m[1]! });
        }
      }
    }
  }
  return out;
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const THEME_SELECTOR = /\[data-theme(?:[~|^$*]?=[^\]]*)?\]/;

describe('the themes', () => {
  const sheets = stylesheets();

  it('are found in the stylesheets', () => {
    expect(sheets.map((s) => s.file)).toContain('src/styles/global.css');
    expect(sheets.some((s) => THEME_SELECTOR.test(s.css))).toBe(true);
  });

  it('differ in colours only: data-theme sets color-scheme, nothing asks prefers-color-scheme', () => {
    const offences: string[] = [];
    for (const { file, css } of sheets) {
      const text = withoutComments(css);
      if (/prefers-color-scheme/.test(text)) offences.push(`${file}: prefers-color-scheme`);
      for (const [, selector, body] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        if (!THEME_SELECTOR.test(selector!)) continue;
        const properties = body!
          .split(';')
          .map((d) => d.split(':')[0]!.trim())
          .filter(Boolean);
        const others = properties.filter((p) => p !== 'color-scheme');
        if (others.length > 0)
          offences.push(`${file}: ${selector!.trim()} sets ${others.join(', ')}`);
      }
    }
    expect(offences).toEqual([]);
  });
});

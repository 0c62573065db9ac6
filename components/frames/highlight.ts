// Build-time JSON highlighting with the same light/dark pair as the Markdown code blocks,
// emitted as CSS variables so the page theme picks the palette without JavaScript.
import { createHighlighter, type Highlighter } from 'shiki';
import { paletteClasses } from '../code/shiki-classes.ts';
import { untimedTokens } from '../code/untimed-tokens.ts';

let highlighter: Promise<Highlighter> | undefined;

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: ['github-light', 'github-dark'], langs: ['json'] });
  return highlighter;
}

/** HTML for a code block; Shiki escapes the text, so frame bytes cannot inject markup. */
export async function highlightJson(code: string): Promise<string> {
  const h = await getHighlighter();
  const lines = code.split('\n');
  return h.codeToHtml(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    transformers: [
      untimedTokens,
      paletteClasses,
      {
        // Each line carries its own indentation, so a line that wraps on a phone can hang
        // its continuation under the line's content instead of at the left edge.
        line(node, line) {
          const indent = /^ */.exec(lines[line - 1] ?? '')![0].length;
          node.properties.style = `--indent:${indent}ch`;
        },
      },
    ],
  });
}

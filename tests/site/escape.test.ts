import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../components/frames/markup-render.ts';
import { buildFixture } from './astro-build.ts';

// A page rendering the hostile capture, with a hostile caption for good measure.
const PAGE = `---
import Frames from '../../components/Frames.astro';
import Exchange from '../../components/Exchange.astro';
import CapturedText from '../../components/CapturedText.astro';
---
<html lang="en"><body>
  <Frames capture="captures/escape.jsonl" caption="<b>caption</b>" />
  <Frames capture="captures/escape-http.jsonl" />
  <Exchange stdio="captures/escape.jsonl" http="captures/escape-http.jsonl" pick={{ id: 1 }} />
  <CapturedText file="hostile.txt" caption="<b>stderr</b>" />
</body></html>
`;

describe('escaping frame text', () => {
  it('writes a carriage return as a reference, which an HTML parser keeps as \\r', () => {
    expect(escapeHtml('[##  ] 50%\r[####] 100%')).toBe('[##  ] 50%&#13;[####] 100%');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });

  it('renders hostile frames as text in a real build of the Frames component', async () => {
    const build = await buildFixture('escape', [], {
      'src/pages/index.astro': PAGE,
      // A lesson folder's captured file, found by name as a lesson's <CapturedText> finds it.
      'lessons/01-escape/lesson.mdx': "---\ntitle: 'Escape'\n---\n",
      'lessons/01-escape/captures/hostile.txt': 'log: <img src=x onerror=alert(11)>\n',
    });
    try {
      expect(build.code, build.output).toBe(0);
      const html = await readFile(join(build.root, 'dist/index.html'), 'utf8');
      // Quoted attribute values may hold a raw "<" harmlessly (a tooltip quoting an error
      // message), but never a raw quote: no value can end early and start an attribute.
      expect(html).not.toMatch(/" onmouseover="/);
      expect(html).toContain('&quot; onmouseover=&quot;alert(12)');
      // Outside attribute values the page has no script or img element and no bold caption:
      // nothing from the frames became markup.
      const markup = html.replace(/="[^"]*"/g, '=""');
      expect(markup).not.toMatch(/<script/i);
      expect(markup).not.toMatch(/<img/i);
      expect(markup).not.toMatch(/<b>caption/);
      expect(markup).not.toMatch(/<b>stderr/);
      // ...and the text is still there, escaped, in the highlighted JSON and the raw bytes.
      expect(html).toContain('&lt;script&gt;alert(&#39;stray&#39;)&lt;/script&gt;');
      expect(html).toMatch(/(&lt;|&#x3C;)img src=x onerror=alert\(1\)/);
      expect(html).toContain('data-frame-source="escape#2"');
      expect(html).toContain('stray · not JSON');
      // Every other place capture data reaches the page: a method name (badge and pair
      // link), an error message (badge tooltip and note), the stderr line quoted for the
      // stray frame, HTTP method, path and header, SSE event and id fields, a captured file.
      const lt = '(&lt;|&#x3C;)';
      for (const n of [3, 4, 5, 6, 7, 8, 9, 10, 11]) {
        const escaped = new RegExp(`${lt}(img src=x onerror=|script(&gt;|>))alert\\(${n}\\)`);
        expect(html, `alert(${n})`).toMatch(escaped);
      }
      expect(html).toContain('data-no-reply="4"');
    } finally {
      await build.cleanup();
    }
  });
});

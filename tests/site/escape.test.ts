import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../components/frames/escape.ts';
import { buildFixture } from './astro-build.ts';

// A page rendering the hostile capture, with a hostile caption for good measure.
const PAGE = `---
import Frames from '../../components/Frames.astro';
---
<html lang="en"><body>
  <Frames capture="captures/escape.jsonl" caption="<b>caption</b>" />
</body></html>
`;

describe('escaping frame text', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });

  it('renders hostile frames as text in a real build of the Frames component', async () => {
    const build = await buildFixture('escape', [], { 'src/pages/index.astro': PAGE });
    try {
      expect(build.code, build.output).toBe(0);
      const html = await readFile(join(build.root, 'dist/index.html'), 'utf8');
      // The page itself has no script or img element: nothing from the frames became markup.
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).not.toMatch(/<b>caption/);
      // ...and the text is still there, escaped, in the highlighted JSON and the raw bytes.
      expect(html).toContain('&lt;script&gt;alert(&#39;stray&#39;)&lt;/script&gt;');
      expect(html).toMatch(/(&lt;|&#x3C;)img src=x onerror=alert\(1\)/);
      expect(html).toContain('data-frame-source="escape#2"');
      expect(html).toContain('stray · not JSON');
    } finally {
      await build.cleanup();
    }
  });
});

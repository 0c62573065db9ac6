import { describe, expect, it } from 'vitest';
import { excerptParts } from '../../components/search/excerpt.ts';

describe('excerptParts', () => {
  it('keeps the marks and decodes entities into text', () => {
    expect(excerptParts('a &lt;b&gt; <mark>isError</mark>: &quot;x&quot; &#39;y&#x27;')).toEqual([
      { text: 'a <b> ', hit: false },
      { text: 'isError', hit: true },
      { text: ': "x" \'y\'', hit: false },
    ]);
  });

  it('drops any other tag, so markup in an excerpt never reaches the page', () => {
    const parts = excerptParts('<img src=x onerror=alert(1)><mark>hit</mark><script>s</script>');
    expect(parts).toEqual([
      { text: 'hit', hit: true },
      { text: 's', hit: false },
    ]);
  });
});

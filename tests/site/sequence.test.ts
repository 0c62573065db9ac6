// The sequence diagram's layout over the committed captures: one arrow per frame, each going
// the frame's way, labelled as wire/read.ts reads the frame, linking to the id the transcript
// gives that frame. And proof that the picture follows the capture: a changed copy redraws.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCapture } from '../../components/frames/capture.ts';
import { capturedFrameHtml } from '../../components/frames/frame-html.ts';
import { layoutSequence, type SequenceLayout } from '../../components/frames/sequence.ts';
import { sequenceHtml } from '../../components/frames/sequence-markup.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

const CAPTURES = ['stdio-session', 'stdio-pipelined', 'http-json', 'http-sse'];
const labels = (layout: SequenceLayout) => layout.arrows.map((a) => a.label);

describe('the layout of a committed capture', () => {
  for (const name of CAPTURES) {
    it(`${name}: one arrow per frame, in order, each the frame's way`, () => {
      const capture = loadCapture(name);
      const records = readCapture(captureFile(`${name}.jsonl`));
      const layout = layoutSequence(capture);
      expect(layout.arrows.length).toBe(records.length);
      expect(layout.arrows.map((a) => a.seq)).toEqual(records.map((r) => r.seq));
      for (const [i, arrow] of layout.arrows.entries()) {
        const [from, to] = records[i]!.dir === 'c2s' ? ['client', 'server'] : ['server', 'client'];
        expect([arrow.from, arrow.to], `#${arrow.seq}`).toEqual([from, to]);
      }
      // Rows go down the page in capture order, and nothing is drawn outside the picture.
      const ys = layout.arrows.map((a) => a.y);
      expect(ys.every((y, i) => i === 0 || y > ys[i - 1]!)).toBe(true);
      expect(new Set([...ys, ...layout.stderr.map((n) => n.y)]).size).toBe(
        ys.length + layout.stderr.length,
      );
      expect(Math.max(...ys)).toBeLessThan(layout.height);
    });
  }

  it('labels stdio frames by method, result, isError and error code', () => {
    const layout = layoutSequence(loadCapture('stdio-session'));
    expect(labels(layout)).toEqual([
      'initialize',
      'result',
      'notifications/initialized',
      'tools/list',
      'result',
      'tools/call',
      'result', // PT-1041
      'tools/call',
      'result · isError', // PT-9999: the tool failed, the protocol did not
      'orders/cancel',
      'error -32601', // unknown method: a protocol error
      'tools/call',
      'result · isError', // unknown tool, as SDK 1.32.2 answers it
      'not JSON', // the stray line
      'ping',
      'result',
    ]);
    expect(layout.arrows.map((a) => a.tone).slice(8, 14)).toEqual([
      'tool-error',
      'neutral',
      'protocol-error',
      'neutral',
      'tool-error',
      'stray',
    ]);
    expect(layout.arrows[10]!.text).toBe('error -32601 · id 5');
    expect(layout.arrows[13]!.sentence).toContain('no reply');
    expect(layout.arrows[13]!.below).toBe('no reply: the server dropped it');
    expect(layout.arrows.filter((a) => a.below !== undefined)).toHaveLength(1);
    expect(layout.arrows[1]!.sentence).toBe('#1 server → client: result (id 1) answers #0');
  });

  it('puts the SDK’s report of the stray line on a stderr lane, right after that line', () => {
    const capture = loadCapture('stdio-session');
    const layout = layoutSequence(capture);
    expect(layout.lanes.map((l) => l.name)).toEqual(['client', 'server', 'stderr']);
    expect(layout.stderr).toHaveLength(1);
    const [note] = layout.stderr;
    expect(note!.afterSeq).toBe(13);
    expect(capture.stderr).toContain(note!.text);
    // The SDK's parse error quotes the start of the stray line.
    expect(note!.text).toContain(capture.views[13]!.record.text.slice(0, 8));
    expect(note!.y).toBeGreaterThan(layout.arrows[13]!.y);
    expect(note!.y).toBeLessThan(layout.arrows[14]!.y);
    // The banner is on stderr too, but nothing in the capture says when it was written.
    expect(layout.unplacedStderr).toEqual(['paper-trail: speaking MCP on stdio']);
    // No sidecar, no lane; HTTP has no stderr beside its frames.
    expect(layoutSequence(loadCapture('stdio-pipelined')).lanes).toHaveLength(2);
    expect(layoutSequence(loadCapture('http-json')).lanes).toHaveLength(2);
  });

  it('notes HTTP: the request line, the status and how the body came', () => {
    const json = layoutSequence(loadCapture('http-json'));
    expect(json.arrows[0]).toMatchObject({ label: 'initialize', http: 'POST /mcp' });
    expect(json.arrows[1]).toMatchObject({ label: 'result', http: 'HTTP 200 · JSON' });
    expect(json.arrows[3]).toMatchObject({ label: 'HTTP 202' });
    expect(json.arrows[3]!.http).toBeUndefined(); // the label already says it
    expect(json.arrows.at(-2)!.label).toBe('DELETE /mcp');

    const sse = layoutSequence(loadCapture('http-sse'), { range: [5, 10] });
    expect(sse.arrows.map((a) => [a.seq, a.label, a.http])).toEqual([
      [5, 'tools/call', 'POST /mcp'],
      [6, 'HTTP 200 · SSE stream', undefined],
      [7, 'notifications/progress', 'SSE event'],
      [8, 'notifications/progress', 'SSE event'],
      [9, 'notifications/progress', 'SSE event'],
      [10, 'result', 'SSE event'],
    ]);
    expect([sse.first, sse.last]).toEqual([5, 10]);
  });

  it('refuses a range the capture does not have', () => {
    const capture = loadCapture('http-sse');
    expect(() => layoutSequence(capture, { range: [5, 99] })).toThrow(
      /http-sse: range names frame 99/,
    );
    expect(() => layoutSequence(capture, { range: [6, 5] })).toThrow(/runs backwards/);
  });

  it('links every arrow to the id the transcript gives that frame', async () => {
    for (const name of CAPTURES) {
      const capture = loadCapture(name);
      const layout = layoutSequence(capture);
      const bySeq = new Map(capture.views.map((v) => [v.record.seq, v]));
      for (const view of capture.views) {
        // Rendered exactly as <Frames> renders it, first on its page.
        const html = await capturedFrameHtml(view, {
          capture: capture.name,
          lookup: (seq) => bySeq.get(seq),
          shown: new Set(),
          taken: new Set(),
        });
        const id = /^<li [^>]*\bid="([^"]+)"/.exec(html)?.[1];
        const arrow = layout.arrows.find((a) => a.seq === view.record.seq)!;
        expect(arrow.href, `${name} #${view.record.seq}`).toBe(`#${id}`);
      }
    }
  });
});

describe('a changed capture', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seq-capture-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('redraws the diagram: the picture is the capture, not a drawing of it', () => {
    const file = join(dir, 'stdio-session.jsonl');
    copyFileSync(captureFile('stdio-session.jsonl'), file);
    copyFileSync(captureFile('stdio-session.stderr.txt'), join(dir, 'stdio-session.stderr.txt'));
    const before = layoutSequence(loadCapture(file));
    expect(labels(before)).toEqual(labels(layoutSequence(loadCapture('stdio-session'))));

    // The server now answers the unknown method with -32600 and the session ends at the ping.
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    lines[10] = lines[10]!.replace('-32601', '-32600');
    writeFileSync(join(dir, 'changed.jsonl'), lines.slice(0, 15).join('\n') + '\n');
    const after = layoutSequence(loadCapture(join(dir, 'changed.jsonl')));
    expect(after.arrows).toHaveLength(15);
    expect(after.arrows[10]!.label).toBe('error -32600');
    expect(after.height).toBeLessThan(before.height);
    expect(after.lanes).toHaveLength(2); // no stderr sidecar beside the changed copy
    const html = sequenceHtml(after);
    expect(html).toContain('error -32600 · id 5');
    expect(html).not.toContain('-32601');
    expect(html).not.toContain('stdio-session-frame-15');
  });
});

describe('the markup of a diagram', () => {
  const hostile = 'tests/fixtures/site/projects/escape/captures/escape.jsonl';

  it('escapes everything that came from the capture', () => {
    const html = sequenceHtml(layoutSequence(loadCapture(hostile)), {
      caption: '<b>caption</b>',
    });
    const markup = html.replace(/="[^"]*"/g, '=""');
    expect(markup).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain('&lt;img src=x onerror=alert(3)&gt;'); // a method name
    expect(html).toContain('&lt;b&gt;caption&lt;/b&gt;');
  });

  it('draws one link per frame in the picture and the same links in the list', () => {
    const layout = layoutSequence(loadCapture('stdio-session'));
    const html = sequenceHtml(layout, { caption: 'The stdio session' });
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    const list = html.slice(html.indexOf('<details'));
    const hrefs = (part: string) => [...part.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs(svg)).toEqual(layout.arrows.map((a) => a.href));
    expect(hrefs(list)).toEqual(layout.arrows.map((a) => a.href));
    // The picture is hidden from assistive technology, and its links from the tab order:
    // the list says the same and is what a keyboard or a screen reader uses.
    expect(svg).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(svg.match(/<a /g)).toHaveLength(svg.match(/tabindex="-1"/g)!.length);
    expect(list).toContain('#13 client → server: not JSON — no reply');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });
});

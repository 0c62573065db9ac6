// A frame nested thousands of levels deep (valid JSON, so the wire reads it) must not take
// the page down: the viewer, a lesson's build and the console lay frames out through the same
// code, which shows such a frame as it was sent instead of recursing once per level.
import { describe, expect, it } from 'vitest';
import { capturedFrameHtml } from '../../components/frames/frame-html.ts';
import { frameMarkup } from '../../components/frames/markup.ts';
import { toHtml } from '../../components/frames/markup-render.ts';
import { layoutSequence } from '../../components/frames/sequence.ts';
import { nestsDeeperThan } from '../../components/frames/json-layout.ts';
import { pairFrames, prettyJson } from '../../components/frames/view.ts';
import { readUpload } from '../../components/viewer/read-upload.ts';
import { summarise } from '../../components/viewer/summary.ts';

const depth = 20_000;
const deep = `{"jsonrpc":"2.0","id":1,"result":{"content":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
const lines = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"order_status"}}',
  deep,
].join('\n');

describe('a frame nested 20,000 levels deep', () => {
  it('is read by the viewer as the two frames it is, and summarised', () => {
    const upload = readUpload(lines);
    expect(upload.kind).toBe('raw');
    if (upload.kind !== 'raw') return;
    expect(upload.frames).toHaveLength(2);
    const views = pairFrames(upload.frames);
    expect(views[1].info.kind).toBe('response');
    expect(() => summarise(views)).not.toThrow();
    const capture = { name: 'upload', file: 'upload.jsonl', views, stderr: [] };
    expect(() => layoutSequence(capture)).not.toThrow();
  });

  it('is shown as it was sent, in the page and at build time', async () => {
    const upload = readUpload(lines);
    if (upload.kind !== 'raw') throw new Error('not raw');
    const views = pairFrames(upload.frames);
    expect(prettyJson(views[1].info, views[1].record.text)).toBe(deep);
    const markup = frameMarkup(views[1], {
      anchorOf: (seq: number) => `deep-frame-${seq}`,
      anchored: true,
      onPage: () => true,
      source: 'upload#1',
      body: { text: prettyJson(views[1].info, views[1].record.text) },
      events: [],
    } as never);
    expect(toHtml(markup)).toContain('[[[[');
    const html = await capturedFrameHtml(views[1], {
      capture: 'deep',
      lookup: (seq) => views[seq],
      shown: new Set([0, 1]),
      taken: new Set(),
    });
    expect(html).toContain('deep-frame-1');
  });

  it('is told apart from an ordinary frame without recursion', () => {
    expect(nestsDeeperThan(JSON.parse(deep), 64)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: [1, 2, { c: null }] }] }, 64)).toBe(false);
    expect(nestsDeeperThan([[[]]], 3)).toBe(false);
    expect(nestsDeeperThan([[[[]]]], 3)).toBe(true);
  });
});

// The frame viewer's reading of what a learner opens: every lesson capture reads back as
// exactly its frames, raw JSON-RPC lines get their directions from methods and ids, and
// nothing a learner drops on the page throws.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { captureFiles } from '../../sandbox/course/capture-files.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { readUpload } from '../../components/viewer/read-upload.ts';
import { summarise } from '../../components/viewer/summary.ts';
import { pairFrames } from '../../components/frames/view.ts';

/** Every lesson capture: file name → repo-relative path. */
const files = captureFiles();
const captures = [...files.keys()].filter((f) => f.endsWith('.jsonl'));
const pathOf = (name: string) => files.get(name)!;

describe('reading an upload', () => {
  it('reads every lesson capture back as its own frames', () => {
    expect(captures.length).toBeGreaterThan(10);
    for (const name of captures) {
      const text = readFileSync(pathOf(name), 'utf8');
      const upload = readUpload(text);
      expect(upload, name).toMatchObject({ kind: 'capture', bad: [], renumbered: false });
      if (upload.kind === 'capture') expect(upload.frames).toEqual(readCapture(pathOf(name)));
    }
  });

  it('gives raw JSON-RPC lines the directions the capture recorded', () => {
    for (const name of ['stdio-session', 'notifications-progress', 'notifications-cancel']) {
      const frames = readCapture(pathOf(`${name}.jsonl`));
      const upload = readUpload(frames.map((f) => f.text).join('\r\n'));
      expect(upload.kind, name).toBe('raw');
      if (upload.kind !== 'raw') continue;
      expect(
        upload.frames.map((f) => f.dir),
        name,
      ).toEqual(frames.map((f) => f.dir));
      expect(upload.frames.map((f) => f.text)).toEqual(frames.map((f) => f.text));
    }
  });

  it('keeps a broken line of a capture as a bad line, with its number and what is wrong', () => {
    const lines = readFileSync(pathOf('stdio-session.jsonl'), 'utf8').trimEnd().split('\n');
    const broken = [
      lines[0],
      '{"seq":1,"dir":"sideways","text":"x","t":0,"transport":"stdio"}',
      'garbage',
      ...lines.slice(1),
    ];
    const upload = readUpload(broken.join('\n'));
    expect(upload.kind).toBe('capture');
    if (upload.kind !== 'capture') return;
    expect(upload.frames).toHaveLength(lines.length);
    expect(upload.bad.map((b) => b.line)).toEqual([2, 3]);
    expect(upload.bad[0]!.problem).toMatch(/^not a frame record \(dir: /);
    expect(upload.bad[1]!.problem).toMatch(/^not JSON/);
    expect(upload.renumbered).toBe(false);
  });

  it('says plainly when a file is neither a capture nor JSON-RPC', () => {
    expect(readUpload('\x89PNG\r\n\x1a\n\0\0\0IHDR')).toEqual({
      kind: 'unreadable',
      message: expect.stringMatching(/neither a capture .* none of its 3 lines is JSON/),
    });
    expect(readUpload('\n \n')).toMatchObject({ kind: 'unreadable' });
  });

  it('shows stray lines among raw JSON-RPC as frames of their own', () => {
    const upload = readUpload('> server@1.0.0 start\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(upload.kind).toBe('raw');
    if (upload.kind !== 'raw') return;
    const items = summarise(pairFrames(upload.frames));
    expect(items.find((i) => i.key === 'stray')?.seqs).toEqual([0]);
    expect(items.find((i) => i.key === 'unanswered')?.seqs).toEqual([1]);
  });
});

describe('the summary', () => {
  it('finds tool errors, protocol errors and reused ids where the wire module reads them', () => {
    const lines = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"}}',
      '{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":true}}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"b"}}',
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unknown tool"}}',
    ];
    const upload = readUpload(lines.join('\n'));
    if (upload.kind !== 'raw') throw new Error(upload.kind);
    const by = Object.fromEntries(summarise(pairFrames(upload.frames)).map((i) => [i.key, i.seqs]));
    expect(by).toEqual({
      unanswered: [],
      'protocol-errors': [3],
      'tool-errors': [1],
      stray: [],
      'reused-ids': [2],
    });
  });
});

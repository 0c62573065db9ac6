// Frame anchors are links people share ("look at frame 8 of the stdio session"), so they must
// come out the same from every build: each id is made from the committed capture's name and
// the frame's seq in it, never from where the frame falls on the page or in what order pages
// were rendered. Every anchored frame of the built site is checked against its capture file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { frameAnchor } from '../../components/frames/view.ts';
import { readCapture } from '../../sandbox/wire/capture-file.ts';
import { DIST, REPO, ensureBuilt } from './serve-dist.ts';
import { captureFile } from '../../sandbox/course/capture-files.ts';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(dir, name));
}

const seqsOf = new Map<string, Set<number>>();
function captureSeqs(capture: string): Set<number> {
  let seqs = seqsOf.get(capture);
  if (!seqs) {
    const file = join(REPO, captureFile(`${capture}.jsonl`, REPO));
    seqs = new Set(readCapture(file).map((r) => r.seq));
    seqsOf.set(capture, seqs);
  }
  return seqs;
}

/** Every `<li>` that carries a frame source, with its id if it has one. */
function framesIn(html: string): { id?: string; source: string }[] {
  return [...html.matchAll(/<li\b[^>]*\bdata-frame-source="([^"]+)"[^>]*>/g)].map((m) => ({
    source: m[1]!,
    id: /\bid="([^"]+)"/.exec(m[0])?.[1],
  }));
}

beforeAll(() => ensureBuilt());

describe('frame anchors', () => {
  it('are the capture name and the seq of a frame that is in the committed capture', () => {
    let anchored = 0;
    for (const file of htmlFiles(DIST)) {
      const html = readFileSync(file, 'utf8');
      const ids = new Set<string>();
      for (const frame of framesIn(html)) {
        const [capture, seq] = frame.source.split('#');
        const where = `${file.slice(DIST.length)}: ${frame.source}`;
        expect(captureSeqs(capture!).has(Number(seq)), where).toBe(true);
        if (frame.id === undefined) continue;
        expect(frame.id, where).toBe(frameAnchor(capture!, Number(seq)));
        expect(ids.has(frame.id), `${where}: id used twice on the page`).toBe(false);
        ids.add(frame.id);
        anchored++;
      }
      // Every "#…-frame-N" link on the page lands on a frame of the page.
      for (const [, target] of html.matchAll(/href="#([^"]+-frame-\d+)"/g)) {
        expect(ids.has(target!), `${file.slice(DIST.length)} links to #${target}`).toBe(true);
      }
    }
    // The course has hundreds of anchored frames; a handful means the pattern stopped matching.
    expect(anchored).toBeGreaterThan(100);
  });
});

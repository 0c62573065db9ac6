// The 2026-07-28 coverage file: every changelog item is either taught (a frame a lesson shows,
// or a spec section it links) or says why not, and every place it names is real. Lesson 11's
// table of changes is rendered from this file, so a wrong place here is a dead link there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  loadRevisionChanges,
  parseRevisionChanges,
  type RevisionChanges,
} from '../../components/teaching/revision-changes.ts';
import { coverageProblems } from '../../components/teaching/revision-coverage.ts';

const REVISION = '2026-07-28';
const FILE = 'lessons/revision-2026-07-28.json';
const raw = () => JSON.parse(readFileSync(FILE, 'utf8')) as RevisionChanges;
const withItem = (item: unknown) => ({ ...raw(), items: [...raw().items, item] });

describe(`${FILE}`, () => {
  it('parses: every item is taught or says why not', () => {
    expect(() => loadRevisionChanges(REVISION)).not.toThrow();
  });

  it('every place it names exists: lesson, frame on the page, or linked section', () => {
    expect(coverageProblems(loadRevisionChanges(REVISION))).toEqual([]);
  });

  it('lists the Key Changes page item by item: 9 major, 12 minor, 4 deprecated, 3 others', () => {
    const refs = loadRevisionChanges(REVISION).items.map((i) => i.ref);
    const count = (prefix: string) => refs.filter((r) => r.startsWith(`${prefix} `)).length;
    expect([count('Major'), count('Minor'), count('Deprecated')]).toEqual([9, 12, 4]);
    expect(refs.length).toBe(28);
  });

  it('what-changes-next renders its table from this file', () => {
    const lesson = readFileSync('lessons/11-what-changes-next/lesson.mdx', 'utf8');
    expect(lesson).toMatch(/<RevisionChanges revision="2026-07-28" lesson="what-changes-next"/);
  });
});

describe('the coverage check can fail', () => {
  it('refuses an item that is neither taught nor marked not covered, naming file and field', () => {
    const bad = withItem({ ref: 'Minor 99', kind: 'added', change: 'Something new' });
    expect(() => parseRevisionChanges(bad, FILE)).toThrow(
      /lessons\/revision-2026-07-28\.json: items\.\d+: needs taught .* or notCovered/,
    );
  });

  it('refuses a place that names both a frame and a section', () => {
    const bad = withItem({
      ref: 'Minor 99',
      kind: 'added',
      change: 'x',
      taught: [
        { lesson: 'what-changes-next', capture: 'http-2026', seq: 1, section: 'Key Changes' },
      ],
    });
    expect(() => parseRevisionChanges(bad, FILE)).toThrow(/items\.\d+\.taught\.0: names either/);
  });

  it('reports a lesson, a frame or a section that does not exist, or is not on the page', () => {
    const data = parseRevisionChanges(
      withItem({
        ref: 'Minor 99',
        kind: 'added',
        change: 'x',
        taught: [
          { lesson: 'no-such-lesson', section: 'Key Changes' },
          { lesson: 'what-changes-next', capture: 'http-2026', seq: 999 },
          { lesson: 'what-changes-next', capture: 'no-such-capture', seq: 0 },
          { lesson: 'what-changes-next', capture: 'handshake', seq: 0 },
          { lesson: 'what-changes-next', section: 'Basic › Overview › Nothing Here' },
          { lesson: 'the-wire', section: 'Server features › Discovery' },
        ],
      }),
      FILE,
    );
    expect(coverageProblems(data).filter((p) => p.startsWith('Minor 99:'))).toEqual([
      'Minor 99: lesson "no-such-lesson" does not exist (no lessons/<NN>-no-such-lesson/)',
      'Minor 99: capture "http-2026" has no frame 999',
      'Minor 99: there is no capture "no-such-capture"',
      'Minor 99: what-changes-next does not show frame 0 of "handshake"',
      'Minor 99: "Basic › Overview › Nothing Here" is not a 2026-07-28 section of lessons/spec-sections.json',
      'Minor 99: the-wire never links "Server features › Discovery" (https://modelcontextprotocol.io/specification/2026-07-28/server/discover)',
    ]);
  });
});

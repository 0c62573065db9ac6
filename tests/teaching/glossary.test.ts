// The glossary is data checked by zod, and <Term> looks ids up through lookupTerm(): an unknown
// id must throw a sentence naming the lesson file and the id.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glossary } from '../../components/teaching/glossary.ts';
import { lookupTerm, parseGlossary, termHref } from '../../components/teaching/glossary-schema.ts';
import { InputError } from '../../sandbox/input/friendly-errors.ts';
import sections from '../../lessons/spec-sections.json' with { type: 'json' };
import { lessonFolders } from '../../sandbox/course/lesson-folders.ts';

const SECTIONS = sections;

/** Every `<Term id="…">` the lessons use, by id. */
function termsUsedByLessons(): Set<string> {
  const used = new Set<string>();
  for (const { file } of lessonFolders()) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/<Term\s+id="([^"]+)"/g)) used.add(m[1]!);
  }
  return used;
}

describe('the glossary data', () => {
  it('defines only terms a lesson uses, each once, and every term a lesson uses', () => {
    const ids = glossary.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const used = termsUsedByLessons();
    // A definition no lesson links is dead weight on the glossary page; a link with no
    // definition fails the build, but say so here too, by id.
    expect(ids.filter((id) => !used.has(id))).toEqual([]);
    expect([...used].filter((id) => !ids.includes(id))).toEqual([]);
    expect(ids.length).toBeGreaterThan(20);
  });

  it('cites spec sections with the titles and addresses lessons/spec-sections.json gives them', () => {
    const cited = glossary.filter((e) => e.source?.href.includes('modelcontextprotocol.io'));
    expect(cited.length).toBeGreaterThan(10);
    const stdio = glossary.find((e) => e.id === 'stdio')!;
    expect(stdio.source).toEqual({
      title: 'Basic › Transports › stdio',
      href: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio',
    });
  });
});

describe('parseGlossary', () => {
  const entry = { id: 'tool', term: 'tool', definition: 'A function a server offers to models.' };

  it('refuses a duplicate id, naming the entry', () => {
    expect(() => parseGlossary([entry, entry], 'g.ts', SECTIONS)).toThrow(
      'g.ts: 1.id: "tool" is defined twice; a term is defined once',
    );
  });

  it('refuses an id that is not kebab-case, and a definition that is no sentence', () => {
    expect(() => parseGlossary([{ ...entry, id: 'Tool Error' }], 'g.ts', SECTIONS)).toThrow(
      'g.ts: 0.id: id must be kebab-case, e.g. tool-error',
    );
    expect(() => parseGlossary([{ ...entry, definition: 'A tool.' }], 'g.ts', SECTIONS)).toThrow(
      'g.ts: 0.definition: definition must be a sentence or more',
    );
  });

  it('resolves cites from the taught revision, or the one it names', () => {
    const [taught, next] = parseGlossary(
      [
        { ...entry, cites: 'Server features › Tools' },
        {
          ...entry,
          id: 'mrtr',
          cites: { section: 'Basic › Multi Round-Trip Requests', revision: '2026-07-28' },
        },
      ],
      'g.ts',
      SECTIONS,
    );
    expect(taught!.source!.href).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/server/tools',
    );
    expect(next!.source).toEqual({
      title: 'Basic › Multi Round-Trip Requests',
      href: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr',
    });
  });

  it('refuses a section the list does not hold, naming entry, field and revision', () => {
    expect(() =>
      parseGlossary([{ ...entry, cites: 'Server features › Toolz' }], 'g.ts', SECTIONS),
    ).toThrow(
      'g.ts: 0.cites: "Server features › Toolz" is not a 2025-11-25 section of lessons/spec-sections.json',
    );
    const next = { section: 'Basic › Multi Round-Trip Requests', revision: '2025-11-25' };
    expect(() => parseGlossary([{ ...entry, cites: next }], 'g.ts', SECTIONS)).toThrow(
      'is not a 2025-11-25 section',
    );
  });

  it('refuses cites and source together', () => {
    const source = { title: 'Spec', href: 'https://example.com/' };
    expect(() =>
      parseGlossary([{ ...entry, cites: 'Server features › Tools', source }], 'g.ts', SECTIONS),
    ).toThrow('g.ts: 0.cites: give cites (a spec section) or source (anything else), not both');
  });

  it('refuses a source that is not an https URL', () => {
    const source = { title: 'Spec', href: 'http://example.com/' };
    expect(() => parseGlossary([{ ...entry, source }], 'g.ts', SECTIONS)).toThrow(
      /g\.ts: 0\.source\.href: /,
    );
  });
});

describe('lookupTerm', () => {
  it('finds a term and links to its anchor on /glossary/', () => {
    const entry = lookupTerm(glossary, 'tool-error', 'lessons/the-wire.mdx');
    expect(entry.term).toBe('tool error');
    expect(termHref(entry.id)).toBe('/glossary/#tool-error');
  });

  it('fails on an unknown id, naming the lesson file, the id and the known ids', () => {
    let error: unknown;
    try {
      lookupTerm(glossary, 'capabilty', 'lessons/the-wire.mdx');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^lessons\/the-wire\.mdx: Term: there is no glossary term "capabilty" in components\/teaching\/glossary\.ts \(known: /,
    );
    expect(message).toContain('capability, client');
  });
});

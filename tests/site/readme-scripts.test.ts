// The README's Scripts table is where a newcomer looks up a command: every npm script has a
// row of its own there, and every row names a script that exists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const scripts = Object.keys(
  (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);

/** The first cell of each row of the table under "## Scripts". */
function commandCells(): string[] {
  const section = readme.split(/^## Scripts$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split(' | ')[0]!.replace(/^\| /, '').trim());
}

/** The script a command cell runs: `npm start`, `npm test`, `npm run [--silent] <name> …`. */
function scriptOf(cell: string): string | undefined {
  const words = cell.replace(/`/g, '').split(/\s+/);
  if (words[0] !== 'npm') return undefined;
  if (words[1] === 'start' || words[1] === 'test') return words[1];
  return words.slice(2).find((w) => !w.startsWith('--'));
}

describe("README's Scripts table", () => {
  const cells = commandCells();

  it('has one row per command, each naming a script package.json has', () => {
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of cells) expect(scripts, cell).toContain(scriptOf(cell));
  });

  it('names every script package.json has (dev beside start, its twin)', () => {
    const named = new Set(cells.map(scriptOf));
    const start = cells.find((c) => scriptOf(c) === 'start');
    const startRow = readme
      .split('\n')
      .find((l) => start !== undefined && l.startsWith(`| ${start}`));
    expect(startRow).toContain('npm run dev');
    for (const script of scripts.filter((s) => s !== 'dev'))
      expect([...named], script).toContain(script);
  });
});

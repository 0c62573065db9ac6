// addToRegistry: the one text edit `new -- exercise` makes to exercises/registry.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addToRegistry } from '../../scripts/new-exercise.ts';

const real = readFileSync('exercises/registry.ts', 'utf8');

describe('addToRegistry', () => {
  it('adds the import in id order and the map entry at the end of the map', () => {
    const lines = addToRegistry(real, 'handshake-by-hand').split('\n');
    const imports = lines.filter((l) => l.startsWith('import { checks as '));
    expect(imports).toContain(
      "import { checks as handshakeByHand } from './handshake-by-hand/check.ts';",
    );
    const paths = imports.map((l) => /'\.\/([^/]+)\//.exec(l)![1]);
    expect(paths).toEqual([...paths].sort());
    const close = lines.indexOf('};');
    expect(lines[close - 1]).toBe("  'handshake-by-hand': handshakeByHand,");
  });

  it('refuses an id or variable the registry has already', () => {
    expect(() => addToRegistry(real, 'raw-client')).toThrow(/already has raw-client/);
  });

  it('refuses a registry it does not recognise', () => {
    expect(() => addToRegistry('export const x = 1;\n', 'a-b')).toThrow(/no `import/);
  });
});

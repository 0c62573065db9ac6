// Which packages the container's node_modules must hold: read from the exercises' own files.
import { describe, expect, it } from 'vitest';
import { learnerImports } from '../../sandbox/runtime/build/bundle.ts';
import type { Exercise } from '../../sandbox/exercises/loader.ts';

const exercise = (text: string) =>
  ({ starter: { 'client.ts': text }, solution: {} }) as unknown as Exercise;

describe('learnerImports', () => {
  it('finds static, dynamic and side-effect imports of packages, in either quote', () => {
    const text = [
      "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
      'import { z } from "zod";',
      "const m = await import('ajv');",
      "import 'some-polyfill';",
    ].join('\n');
    expect(learnerImports([exercise(text)])).toEqual([
      '@modelcontextprotocol/sdk/client/index.js',
      'ajv',
      'some-polyfill',
      'zod',
    ]);
  });

  it('leaves out node: modules, relative files, and method calls named from or import', () => {
    const text = [
      "import { spawn } from 'node:child_process';",
      "import { cases } from './cases.ts';",
      "const bytes = Buffer.from('é');",
      "const list = Array.from('abc');",
      "loader.import('not-a-package');",
    ].join('\n');
    expect(learnerImports([exercise(text)])).toEqual([]);
  });
});

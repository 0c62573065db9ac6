// The stripper the page and the bundler share: line numbers kept exactly (proved by running
// the stripped file on real Nodes, the container's 22 without type stripping among them),
// relative .ts specifiers rewritten only where they are specifiers, the source map, and a
// syntax error reported with file, line and column.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, stripTypes, type MapDetail } from '../../sandbox/strip/strip-types.ts';
import { jsTwin } from '../../sandbox/strip/twin.ts';
import { NODE22 } from '../runtime/node22.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcpw-strip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function stripped(source: string, file = 'client.ts', map?: MapDetail): string {
  const result = stripTypes(source, file, { map });
  if (!result.ok) throw new Error(formatProblem(result.problem));
  return result.code;
}

// Types of every shape Node can strip sit above and around the throw: interfaces and a
// declared enum over several lines, generics, casts, overloads, an abstract class, a
// declare, a type-only import. (An enum with values is refused: erasable.test.ts.)
const LEARNER = `import type { Server } from 'node:net';
interface Response {
  result?: { structuredContent?: unknown };
  error?: {
    code: number;
    message: string;
  };
}
type Id = number | string;
declare enum Kind {
  Request = 'request',
  Reply = 'reply',
}
declare const later: Server | undefined;
function first<T>(items: T[]): T | undefined {
  return items[0];
}
function id(x: number): Id;
function id(x: Id): Id {
  return x;
}
abstract class Base<T> {
  abstract get(): T;
}
const seen = new Map<Id, Response>();
const kind = 'reply' as Kind;
void first<string>(['a']), typeof later, Base, seen, kind;
const name: string = process.argv[2] ?? 'nobody';
if (id(1) === 1) throw new Error(\`thrown for \${name}\`);
`;
const THROW_LINE = LEARNER.split('\n').findIndex((l) => l.includes('throw new')) + 1;

describe('stripTypes', () => {
  it.each(['full', 'lines'] as const)(
    'keeps line numbers: an error on line N of the .ts reports line N when run stripped (%s map)',
    (detail) => {
      expect(THROW_LINE).toBe(29);
      const code = stripped(LEARNER, 'client.ts', detail);
      expect(code.split('\n')[THROW_LINE - 1]).toContain('throw new Error');
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(join(dir, jsTwin('client.ts')), code);
      const runs = [
        // The container's Node, unable to strip: the .js is all it can run.
        { node: NODE22, flags: ['--no-experimental-strip-types', '--enable-source-maps'] },
        { node: NODE22, flags: ['--no-experimental-strip-types'] },
        { node: process.execPath, flags: ['--enable-source-maps'] },
      ];
      for (const { node, flags } of runs) {
        const r = spawnSync(node, [...flags, join(dir, 'client.js')], { encoding: 'utf8' });
        expect(r.status).toBe(1);
        expect(r.stderr).toContain('thrown for nobody');
        // With source maps the stack names the learner's file; without, the twin: same line.
        const file = flags.includes('--enable-source-maps') ? 'client.ts' : 'client.js';
        expect(r.stderr).toMatch(new RegExp(`${file}:${THROW_LINE}:\\d+`));
      }
    },
  );

  it('maps each line to its own line and carries no source in a map of lines', () => {
    const code = stripped(LEARNER, 'client.ts', 'lines');
    const m = /\/\/# sourceMappingURL=data:application\/json;charset=utf-8;base64,(.+)\n$/.exec(
      code,
    );
    const map = JSON.parse(Buffer.from(m![1], 'base64').toString('utf8')) as {
      sources: string[];
      sourcesContent?: string[];
      mappings: string;
    };
    expect(map.sources).toEqual(['client.ts']);
    expect(map.sourcesContent).toBeUndefined();
    const lines = map.mappings.split(';');
    expect(lines.length).toBe(LEARNER.trimEnd().split('\n').length);
    let sourceLine = 0;
    lines.forEach((line, generated) => {
      const [column, source, lineStep, sourceColumn] = vlq(line);
      sourceLine += lineStep;
      expect([column, source, sourceLine, sourceColumn]).toEqual([0, 0, generated, 0]);
    });
  });

  it('carries an inline source map naming the .ts, one mapping line per source line', () => {
    const code = stripped(LEARNER);
    const m = /\/\/# sourceMappingURL=data:application\/json;charset=utf-8;base64,(.+)\n$/.exec(
      code,
    );
    const map = JSON.parse(Buffer.from(m![1], 'base64').toString('utf8')) as {
      sources: string[];
      sourcesContent: string[];
      file: string;
      mappings: string;
    };
    expect(map.sources).toEqual(['client.ts']);
    expect(map.file).toBe('client.js');
    expect(map.sourcesContent).toEqual([LEARNER]);
    // Every segment of generated line N maps to source line N.
    const lines = map.mappings.split(';');
    expect(lines.length).toBe(LEARNER.trimEnd().split('\n').length);
    let sourceLine = 0;
    lines.forEach((line, generated) => {
      for (const segment of line.split(',').filter(Boolean)) {
        sourceLine += vlq(segment)[2];
        expect(sourceLine).toBe(generated);
      }
    });
  });

  it('names nested files by their base name and keeps non-ASCII intact', () => {
    const code = stripped("const s: string = 'naïve ✓ 日本';\nconsole.log(s);\n", 'lib/x.ts');
    expect(code).toContain("const s = 'naïve ✓ 日本';");
    const url = /base64,(.+)\n$/.exec(code)![1];
    const map = JSON.parse(Buffer.from(url, 'base64').toString('utf8')) as { sources: string[] };
    expect(map.sources).toEqual(['x.ts']);
  });

  it('rewrites relative .ts specifiers of imports, re-exports and import() to .js', () => {
    const code = stripped(
      [
        "import { a } from './a.ts';",
        "import * as b from '../up/b.ts';",
        "import './side-effect.ts';",
        'export { c } from "./c.ts";',
        "export * from './d.ts';",
        "const e = await import('./e.ts');",
        "const f = await import('./f.ts', { with: {} });",
        "import data from './data.json' with { type: 'json' };",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
        'void a, b, e, f, data, Client;',
      ].join('\n'),
    );
    expect(code).toContain("from './a.js'");
    expect(code).toContain("from '../up/b.js'");
    expect(code).toContain("import './side-effect.js'");
    expect(code).toContain('from "./c.js"');
    expect(code).toContain("from './d.js'");
    expect(code).toContain("import('./e.js')");
    expect(code).toContain("import('./f.js', { with: {} })");
    expect(code).toContain("'./data.json' with { type: 'json' }");
    expect(code).toContain("'@modelcontextprotocol/sdk/client/index.js'");
  });

  it('leaves strings that only look like specifiers alone', () => {
    const source = [
      "const path: string = './x.ts';",
      'const from = "./y.ts";',
      "const re = /import('.\\/z.ts')/;",
      "console.log(path, from, re, `import('./t.ts')`, { from: './w.ts' });",
      "// import { q } from './q.ts';",
      "const spec = import.meta.resolve('./m.ts');",
      "const twice = await import('./n' + '.ts').catch(() => 'x.ts');",
      'void spec, twice;',
    ].join('\n');
    const code = stripped(source);
    expect(code.replace(/\n\/\/# sourceMappingURL=.*\n$/, '')).toBe(
      source
        .replace('path: string =', 'path =')
        .replace('const from = "./y.ts"', 'const from = "./y.ts"'),
    );
  });

  it('keeps imports that are not marked `import type`, as Node itself strips them', () => {
    const code = stripped("import { Outcome } from './outcome.ts';\nlet o: Outcome;\n");
    expect(code).toContain("import { Outcome } from './outcome.js';");
  });

  it('refuses TypeScript Node cannot strip, naming its line, rather than compiling it', () => {
    const result = stripTypes('type T = 1;\nenum Kind {\n  A,\n}\n', 'client.ts');
    expect(result).toMatchObject({ ok: false, problem: { line: 2, column: 1, construct: 'enum' } });
  });

  it('reports a syntax error with the file, line and column, and no code', () => {
    const result = stripTypes('const a = 1;\nconst b: number = (a;\n', 'client.ts');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toEqual({
      file: 'client.ts',
      line: 2,
      column: 21,
      message: 'Unexpected token, expected ","',
    });
    expect(formatProblem(result.problem)).toBe('client.ts:2:21: Unexpected token, expected ","');
  });
});

/** The numbers of one source map segment (base64 VLQ). */
function vlq(segment: string): number[] {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const d = digits.indexOf(ch);
    value += (d & 31) << shift;
    if (d & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >> 1) : value >> 1);
    value = 0;
    shift = 0;
  }
  return out;
}

describe('jsTwin', () => {
  it('names the .js beside a .ts and leaves other files alone', () => {
    expect(jsTwin('client.ts')).toBe('client.js');
    expect(jsTwin('lib/cases.ts')).toBe('lib/cases.js');
    expect(jsTwin('types.d.ts')).toBe('types.d.ts');
    expect(jsTwin('data.json')).toBe('data.json');
    expect(jsTwin('tsconfig.ts.json')).toBe('tsconfig.ts.json');
  });
});

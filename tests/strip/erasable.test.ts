// The scan that refuses TypeScript Node cannot strip, held to Node's own judgement: for every
// snippet, the scan finds a construct exactly when Node 24's strip-only mode refuses the file.
import { readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unerasable } from '../../sandbox/strip/erasable.ts';
import { exerciseFolders } from '../../sandbox/course/exercise-folders.ts';

const refused = [
  'enum Color { Red, Green }',
  'const enum Flag { On = 1 }',
  'export enum Kind { A = "a" }',
  'class A { constructor(private x: number) {} }',
  'class B { constructor(readonly y: string, z: number) {} }',
  'class C { constructor(a: number, public b = 2) {} }',
  'class D extends C { constructor(protected override c: number) { super(1); } }',
  'namespace N { export const a = 1 }',
  'namespace Outer.Inner { export function f() {} }',
  'module M { export const q = 1 }',
  'import fs = require("node:fs");',
  'export = 42;',
  'let n = <number>value;',
  'function f() { return <any>thing; }',
  'call(<string>x, 2);',
];

const runs = [
  'declare enum Hidden { A }',
  'declare namespace D { const a: 1 }',
  'namespace T { export type X = 1; export interface Y { a: 1 } }',
  'declare module "m" { export const a: 1 }',
  'class K { private x = 1; readonly y: number = 2; constructor(x: number) { this.x = x; } }',
  'class G<T> { m<U>(u: U): T | U { return u; } }',
  'const f = <T,>(a: T) => a;',
  'const g = <T>(a: T): T => a;',
  'type Fn = <T>(x: T) => T;',
  'let m: Map<string, Array<number>> = new Map<string, Array<number>>();',
  'foo<number>(1);',
  'if (a < b && c > d) {}',
  'let a = b!; let s = y satisfies number; let t = z as unknown as string;',
  'abstract class Q { abstract f(): void }',
  'function h(this: Window, x?: number): asserts x is number {}',
  'import type { X } from "./x.ts"; export type { X };',
  'const o = { enum: 1, namespace: 2, module: 3 }; o.enum;',
  'const label = "enum Color { Red }";',
  '// enum Color { Red }\nconst x = 1;',
];

function nodeRefuses(source: string): boolean {
  try {
    stripTypeScriptTypes(source, { mode: 'strip' });
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX';
  }
}

describe('unerasable agrees with Node 24 strip-only mode', () => {
  for (const source of refused) {
    it(`refuses what Node refuses: ${source}`, () => {
      expect(nodeRefuses(source)).toBe(true);
      expect(unerasable(source, 'client.ts').length).toBeGreaterThan(0);
    });
  }
  for (const source of runs) {
    it(`lets through what Node runs: ${source}`, () => {
      expect(nodeRefuses(source)).toBe(false);
      expect(unerasable(source, 'client.ts')).toEqual([]);
    });
  }
});

describe('what a refusal says', () => {
  it('names the file, the line and column of the construct, and what to write instead', () => {
    const source =
      'import { z } from "zod";\n\nclass Order {\n  constructor(private id: string) {}\n}\n';
    const [p, ...rest] = unerasable(source, 'client.ts');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      file: 'client.ts',
      line: 4,
      column: 15,
      construct: 'parameter property',
    });
    expect(p?.message).toBe(
      "a parameter property is TypeScript that Node's type stripping cannot run; declare the field in the class body and assign it in the constructor instead",
    );
  });

  it('reports every construct, in source order', () => {
    const source = 'enum A { X }\nlet n = <number>v;\nexport = n;\n';
    const found = unerasable(source, 'server.ts').map((p) => [p.line, p.construct]);
    expect(found).toEqual([
      [1, 'enum'],
      [2, 'angle-bracket type assertion'],
      [3, 'export = assignment'],
    ]);
  });

  it('leaves a file that does not parse to the parser', () => {
    expect(unerasable('let = = ;', 'client.ts')).toEqual([]);
  });
});

// Every .ts the course runs or a learner is shown: the scan and Node agree on each, so the
// scan neither refuses what runs today nor lets through what Node would refuse.
describe('unerasable agrees with Node on every .ts of the course', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  // Each exercise's folder (its checks, starter, solution and fixtures), and the sandbox.
  const dirs = [...exerciseFolders(root).map((exercise) => exercise.folder), 'sandbox'];
  const files = dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(dir, f)),
  );
  it(`scans ${files.length} files (more than 300)`, () => {
    expect(files.length).toBeGreaterThan(300);
    const disagree = files.filter((f) => {
      const source = readFileSync(join(root, f), 'utf8');
      return nodeRefuses(source) !== unerasable(source, f).length > 0;
    });
    expect(disagree).toEqual([]);
  });
});

// The course's one TypeScript policy: learner code may use only TypeScript that Node's type
// stripping can erase, on every runtime. Node 24 (the CLI and the local runtime) refuses an
// enum, a parameter property, a namespace with values, `import x = …` and `export =` as the
// program starts, with a stack trace and exit code 1, while the page's stripper (sucrase)
// would quietly compile them for the WebContainer: one file, two verdicts. So every runtime
// asks this scan first and refuses such a file before anything runs, naming the line and the
// construct. Found on sucrase's tokens, which the page loads anyway to strip, so the page and
// Node judge by the same code; tests/strip/erasable.test.ts holds it to Node's own verdict.
import { parse } from 'sucrase/dist/parser/index.js';
import { ContextualKeyword as ck } from 'sucrase/dist/parser/tokenizer/keywords.js';
import { TokenType as tt } from 'sucrase/dist/parser/tokenizer/types.js';
import { articled, type StripProblem } from './problem.ts';

type Token = ReturnType<typeof parse>['tokens'][number];

/** What to write instead, by construct: the sentence after the construct's name. */
const INSTEAD = {
  enum: 'use a union of string literals or an `as const` object instead',
  'parameter property':
    'declare the field in the class body and assign it in the constructor instead',
  'namespace with values': 'use a module (export from a file of its own) instead',
  'import … = declaration': 'use `import … from` instead',
  'export = assignment': 'use `export default` or named exports instead',
  'angle-bracket type assertion': 'write `value as Type` instead',
} as const;

export type Construct = keyof typeof INSTEAD;

/** Each construct as a learner would write it: the exercise page lists them (exercises/[id]). */
export const EXAMPLES: Record<Construct, string> = {
  enum: 'enum Kind { Request, Reply }',
  'parameter property': 'constructor(private id: string) {}',
  'namespace with values': 'namespace Wire { export const version = 1; }',
  'import … = declaration': "import fs = require('node:fs');",
  'export = assignment': 'export = server;',
  'angle-bracket type assertion': '<Reply>message',
};

const MODIFIERS = new Set([tt._public, tt._private, tt._protected, tt._readonly, tt._override]);
const VALUES = new Set([tt._const, tt._let, tt._var, tt._function, tt._class, tt._enum]);

/**
 * Each construct Node's type stripping cannot run, in source order (empty when the file can
 * run). A file that does not parse yields nothing here: the stripper or Node reports that.
 */
export function unerasable(source: string, file: string): StripProblem[] {
  let tokens: Token[];
  try {
    tokens = parse(source, false, true, false).tokens;
  } catch {
    return [];
  }
  const found: { at: number; construct: Construct }[] = [];
  tokens.forEach((token, i) => {
    const construct = constructAt(tokens, i);
    if (construct) found.push({ at: token.start, construct });
  });
  return found.map(({ at, construct }) => ({
    file,
    ...placeOf(source, at),
    construct,
    message: `${articled(construct)} is TypeScript that Node's type stripping cannot run; ${INSTEAD[construct]}`,
  }));
}

function constructAt(tokens: readonly Token[], i: number): Construct | null {
  const t = tokens[i]!;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  // `declare enum` and `declare namespace` are types only: sucrase marks them isType.
  if (t.type === tt._enum && !t.isType) return 'enum';
  if (MODIFIERS.has(t.type) && !t.isType && startsParameter(tokens, i)) return 'parameter property';
  if (
    t.type === tt.name &&
    (t.contextualKeyword === ck._namespace || t.contextualKeyword === ck._module) &&
    before?.type !== tt._declare &&
    (after?.type === tt.name || after?.type === tt.string) &&
    bodyHasValues(tokens, i)
  ) {
    return 'namespace with values';
  }
  if (
    t.type === tt._import &&
    !t.isType &&
    after?.type === tt.name &&
    tokens[i + 2]?.type === tt.eq
  ) {
    return 'import … = declaration';
  }
  if (t.type === tt._export && after?.type === tt.eq) return 'export = assignment';
  // `<T>value`: a `<` that begins an expression and is part of a type. A generic call's or
  // an arrow function's type parameters are types too, but follow a name or open an arrow.
  if (
    t.type === tt.lessThan &&
    t.isType &&
    before &&
    opensExpression(before) &&
    !isArrowHead(tokens, i)
  ) {
    return 'angle-bracket type assertion';
  }
  return null;
}

/** An access or readonly modifier right after `(` or `,` of a constructor's parameter list. */
function startsParameter(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (before?.type !== tt.parenL && before?.type !== tt.comma) return false;
  // Walk back to the parameter list's `(`: it shares the list's context id.
  const list = before.type === tt.parenL ? i - 1 : openerOf(tokens, i - 1);
  if (list < 1) return false;
  const name = tokens[list - 1]!;
  return name.type === tt.name && name.contextualKeyword === ck._constructor;
}

function openerOf(tokens: readonly Token[], comma: number): number {
  const id = tokens[comma]!.contextId;
  for (let j = comma - 1; j >= 0; j--) {
    if (tokens[j]!.type === tt.parenL && tokens[j]!.contextId === id) return j;
  }
  return -1;
}

/** The braces after `namespace X` hold a declaration with a value, not only types. */
function bodyHasValues(tokens: readonly Token[], i: number): boolean {
  let j = i + 2;
  while (tokens[j]?.type === tt.dot || tokens[j - 1]?.type === tt.dot) j++;
  if (tokens[j]?.type !== tt.braceL) return false;
  let depth = 0;
  for (; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.type === tt.braceL) depth++;
    else if (t.type === tt.braceR && --depth === 0) return false;
    else if (depth === 1 && VALUES.has(t.type) && tokens[j - 1]?.type !== tt._declare) return true;
  }
  return false;
}

// Tokens that can end an expression or name a type: a `<` after one of them opens type
// arguments (`f<T>()`, `new Map<K, V>()`, `Array<T>`, `class A<T>`), not an assertion.
const ENDS_OPERAND = new Set([
  tt.name,
  tt.parenR,
  tt.bracketR,
  tt.braceR,
  tt.greaterThan,
  tt._this,
  tt._super,
  tt.string,
  tt.num,
  tt.bigint,
  tt.backQuote,
  tt._null,
  tt._true,
  tt._false,
]);

function opensExpression(before: Token): boolean {
  return !ENDS_OPERAND.has(before.type);
}

/** `<T>(x: T) => x` and `<T,>(…): T => …`: an arrow function's type parameters, which Node allows. */
function isArrowHead(tokens: readonly Token[], i: number): boolean {
  let j = i;
  while (j < tokens.length && !(tokens[j]!.type === tt.greaterThan && tokens[j]!.isType)) j++;
  const open = tokens[j + 1];
  if (open?.type !== tt.parenL) return false;
  for (let k = j + 2; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type === tt.parenR && t.contextId === open.contextId) {
      const next = tokens[k + 1]?.type;
      return next === tt.arrow || next === tt.colon;
    }
  }
  return false;
}

function placeOf(source: string, at: number): { line: number; column: number } {
  const upTo = source.slice(0, at).split('\n');
  return { line: upTo.length, column: upTo[upTo.length - 1]!.length + 1 };
}

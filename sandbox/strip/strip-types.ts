// TypeScript → JavaScript for a Node that cannot strip types (WebContainer's Node 22 is not
// known to), without loader hooks, which that Node does not honour for .ts either. Pure: the
// page runs it on the learner's files and the bundler on the exercises' own, so both become
// the same plain ES modules. sucrase's typescript transform alone blanks types where they
// stand, so every line keeps its number and a stack trace points at the learner's line; the
// inline source map also names the .ts file for a Node run with --enable-source-maps.
// sucrase because it is the light option: about 60 KiB gzipped, against 3.7 MB of wasm for
// amaro (Node's own stripper) and about 10 MB for esbuild-wasm (`npm run bench`).
import { transform } from 'sucrase/dist/index.js';
import { parse } from 'sucrase/dist/parser/index.js';
import { ContextualKeyword } from 'sucrase/dist/parser/tokenizer/keywords.js';
import { TokenType as tt } from 'sucrase/dist/parser/tokenizer/types.js';
import { unerasable } from './erasable.ts';
import type { StripProblem } from './problem.ts';
import { jsTwin } from './twin.ts';

export { formatProblem, type StripProblem } from './problem.ts';

export type Stripped = { ok: true; code: string } | { ok: false; problem: StripProblem };

/**
 * How much the inline source map says. 'full': every token's place, and the source itself
 * (the learner's files, stripped in the page). 'lines': each line is its own line, nothing
 * more (the bundler's twins of the files learners only read): stack frames still name the
 * .ts and its line, but not the column, and the runtime the container mounts is about 11 KB
 * gzipped lighter than with token places, a third of the runtime lighter than with sources.
 */
export type MapDetail = 'full' | 'lines';

/** `file` is the path the learner knows ('client.ts'); the code is meant to live at jsTwin(file). */
export function stripTypes(
  source: string,
  file: string,
  options: { map?: MapDetail } = {},
): Stripped {
  const name = file.split('/').pop() ?? file;
  // sucrase would compile an enum or a parameter property that Node refuses: refused here
  // too, so the page and Node give one verdict (erasable.ts).
  const [cannot] = unerasable(source, file);
  if (cannot) return { ok: false, problem: cannot };
  let result: ReturnType<typeof transform>;
  try {
    result = transform(source, {
      transforms: ['typescript'],
      // Modern syntax passes through untouched: the container's Node runs it as written.
      disableESTransforms: true,
      preserveDynamicImport: true,
      // As Node's own type stripping does: an import is dropped only when written `import type`,
      // so code behaves the same whichever way the container runs it.
      keepUnusedImports: true,
      filePath: name,
      sourceMapOptions: { compiledFilename: jsTwin(name) },
    });
  } catch (err) {
    return { ok: false, problem: problemOf(err, file) };
  }
  const map =
    options.map === 'lines'
      ? { ...result.sourceMap, sources: [name], mappings: lineMappings(result.code) }
      : { ...result.sourceMap, sources: [name], sourcesContent: [source] };
  const code = rewriteSpecifiers(result.code);
  const url = `data:application/json;charset=utf-8;base64,${base64(JSON.stringify(map))}`;
  return { ok: true, code: `${code}\n//# sourceMappingURL=${url}\n` };
}

/**
 * Mappings that send each line of the code to the same line of the source, column 0: sucrase
 * keeps every line where it was. In VLQ, the first segment is all zeros and each later one
 * says "next source line" (C = +1).
 */
function lineMappings(code: string): string {
  const lines = code.replace(/\n$/, '').split('\n').length;
  return ['AAAA', ...Array<string>(lines - 1).fill('AACA')].join(';');
}

function problemOf(err: unknown, file: string): StripProblem {
  const e = err as { message?: unknown; loc?: { line: number; column: number } };
  // sucrase words it "Error transforming <file>: <what> (<line>:<column>)"; the place is kept apart.
  const message = String(e.message ?? err)
    .replace(/^Error transforming [^:]*: /, '')
    .replace(/ \(\d+:\d+\)$/, '');
  return { file, line: e.loc?.line ?? 1, column: e.loc?.column ?? 1, message };
}

const RELATIVE_TS = /^\.\.?\/.*\.ts$/;

/**
 * './x.ts' → './x.js' in import and export-from specifiers and in import('…'), found as
 * tokens of the stripped code, so a string that merely looks like a path stays as written.
 * The edit keeps every length, so columns and the source map stay exact.
 */
function rewriteSpecifiers(code: string): string {
  const { tokens } = parse(code, false, false, false);
  const chars = code.split('');
  tokens.forEach((token, i) => {
    if (token.type !== tt.string) return;
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    const specifier =
      before?.type === tt._import ||
      (before?.type === tt.name && before.contextualKeyword === ContextualKeyword._from) ||
      (before?.type === tt.parenL &&
        tokens[i - 2]?.type === tt._import &&
        (after?.type === tt.parenR || after?.type === tt.comma));
    if (!specifier || !RELATIVE_TS.test(code.slice(token.start + 1, token.end - 1))) return;
    chars[token.end - 3] = 'j';
  });
  return chars.join('');
}

/** Base64 of the UTF-8 bytes, with what both the page and Node have (btoa). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

// sucrase ships its types apart from its CommonJS files (dist/types/), and its package has no
// exports map to join them. The stripper imports the CommonJS files by path, so that Node and
// esbuild load one copy of the parser for both the transform and the specifier scan.
declare module 'sucrase/dist/index.js' {
  export { transform } from 'sucrase/dist/types/index.js';
}
declare module 'sucrase/dist/parser/index.js' {
  export { parse } from 'sucrase/dist/types/parser/index.js';
}
declare module 'sucrase/dist/parser/tokenizer/types.js' {
  export { TokenType } from 'sucrase/dist/types/parser/tokenizer/types.js';
}
declare module 'sucrase/dist/parser/tokenizer/keywords.js' {
  export { ContextualKeyword } from 'sucrase/dist/types/parser/tokenizer/keywords.js';
}

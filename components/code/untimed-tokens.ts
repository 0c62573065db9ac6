// Shiki gives up tokenizing a line after 500 ms by default and colours the rest of the block
// as whatever came before: on a loaded build machine the first block of a cold highlighter
// took that long, and a lesson shipped its TypeScript in comment grey. Pages are built once
// and read many times, so every block is tokenized to its end, however long it takes.
import type { ShikiTransformer } from 'shiki';

export const untimedTokens: ShikiTransformer = {
  name: 'mcpw:untimed-tokens',
  preprocess(code, options) {
    options.tokenizeTimeLimit = 0;
    return code;
  },
};

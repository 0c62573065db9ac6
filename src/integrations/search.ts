// Writes the Pagefind index (search-index.ts) once Astro has written dist/, so every build
// (npm run build, the tests' own `astro build`) ships the same search.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { writeSearchIndex } from './search-index.ts';

export default function search(): AstroIntegration {
  let root = '';
  return {
    name: 'mcp-wire-search',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, frames } = await writeSearchIndex(fileURLToPath(dir), root);
        logger.info(`search index: ${pages} pages, ${frames} frames → pagefind/`);
      },
    },
  };
}

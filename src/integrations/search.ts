// Writes the Pagefind index (search-index.ts) once Astro has written dist/, so every build
// (npm run build, the tests' own `astro build`) ships the same search; the dev server
// indexes its own pages once it listens (dev-search.ts).
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { createDevSearch, type DevSearch } from './dev-search.ts';
import { writeSearchIndex } from './search-index.ts';

export default function search(): AstroIntegration {
  let root = '';
  let dev: DevSearch | undefined;
  return {
    name: 'mcp-wire-search',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server, logger }) => {
        dev = createDevSearch({ root, log: (message) => logger.info(message) });
        const search = dev;
        server.middlewares.use((req, res, next) => {
          if (!search.handle(req, res)) next();
        });
        server.watcher.on('change', (file) => search.changed(file));
        server.httpServer?.once('close', () => void search.close());
      },
      'astro:server:start': ({ address }) => {
        // A wildcard address is not one to fetch from; loopback reaches it.
        const host = ['0.0.0.0', '::'].includes(address.address)
          ? '127.0.0.1'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
        dev?.start(`http://${host}:${address.port}`);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, frames } = await writeSearchIndex(fileURLToPath(dir), root);
        logger.info(`search index: ${pages} pages, ${frames} frames → pagefind/`);
      },
    },
  };
}

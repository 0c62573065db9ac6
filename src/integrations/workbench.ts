// The workbench's hooks into Astro:
// - dev and build: bundle the WebContainer runtime and the take-home parts into
//   public/runtime/ (gitignored), so `npm run build` alone ships them;
// - dev: cross-origin isolation headers on exercise pages, and the local runtime endpoint,
//   so `npm start` runs exercises on this machine's Node; its runs end with the server
//   (stop-runs.ts);
// - preview: isolation headers (Astro's static preview takes no middleware, so there they
//   cover every page; nothing on the site loads cross-origin subresources).
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { bundleRuntime } from '../../sandbox/runtime/build/bundle.ts';
import { bundleTakeHome } from '../../sandbox/runtime/build/take-home-bundle.ts';
import { ISOLATION_HEADERS, needsIsolation } from '../../sandbox/runtime/server/headers.ts';
import { createRuntimeEndpoint } from '../../sandbox/runtime/server/endpoint.ts';
import { loopbackHosts, newToken, type Gate } from '../../sandbox/runtime/server/security.ts';
import { stopRunsWithServer } from './stop-runs.ts';

// Where Vite's dependency scan starts in the browser. Astro points it at src/ only, and the
// scan reads an .astro file's <script> tags but not the components its frontmatter imports,
// so the workbench's script (and everything it imports after "Start", dynamically) went
// unseen: the first click found new dependencies, Vite re-bundled them and reloaded the page,
// and modules already served answered "504 (Outdated Optimize Dep)". Scanning every
// component's scripts finds them all before the first page is served.
const CLIENT_ENTRIES = ['components/**/*.astro', 'src/**/*.astro'];

export default function workbench(): AstroIntegration {
  let root = '';
  let port = 0;
  return {
    name: 'mcp-wire-workbench',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        root = fileURLToPath(config.root);
        if (command === 'preview') {
          updateConfig({ server: { headers: { ...ISOLATION_HEADERS } } });
          return;
        }
        if (command !== 'build' && command !== 'dev') return;
        if (command === 'dev') {
          updateConfig({ vite: { optimizeDeps: { entries: CLIENT_ENTRIES } } });
        }
        const r = await bundleRuntime({
          outDir: fileURLToPath(new URL('runtime/', config.publicDir)),
          exercisesRoot: root,
        });
        logger.info(
          `runtime bundle: ${r.files} files, ${(r.manifestBytes / 1024).toFixed(0)} KiB → public/runtime/`,
        );
        // "Download this exercise": built from the manifest, so the zip gets what the container gets.
        const t = await bundleTakeHome({
          outDir: dirname(r.manifestPath),
          manifestPath: r.manifestPath,
        });
        logger.info(`take-home parts: ${(t.partsBytes / 1024).toFixed(0)} KiB → public/runtime/`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const gate: Gate = { token: newToken(), hosts: () => loopbackHosts(port) };
        const endpoint = createRuntimeEndpoint({
          gate,
          exercisesRoot: root,
          harnessMain: root + 'sandbox/harness/main.ts',
        });
        server.middlewares.use((req, res, next) => {
          const path = new URL(req.url ?? '/', 'http://x').pathname;
          if (needsIsolation(path)) {
            for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
          }
          if (!endpoint(req, res)) next();
        });
        stopRunsWithServer(server, endpoint, (message) => logger.info(message));
        logger.info('local runtime endpoint at /__runtime/ (loopback, token-protected)');
      },
      'astro:server:start': ({ address }) => {
        port = address.port;
      },
    },
  };
}

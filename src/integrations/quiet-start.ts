// The first page of a fresh `npm start` must not reload under the learner. Astro's content
// sync writes its data store as the dev server starts (always on a fresh clone, and whenever
// the config changed), and asks the browser to reload; no page is connected yet, so Vite
// keeps that reload and hands it to the first page that connects, which then reloads a
// second after it appeared and loses the learner's first click (Start, say). A page that
// connects after the reload was asked for was loaded after the change too: until the first
// page has connected, a reload is for no one, and is dropped here. Later reloads (a lesson
// edited while its page is open) reach the page as before.
import type { AstroIntegration } from 'astro';

type Send = (...args: unknown[]) => void;

function isFullReload(args: unknown[]): boolean {
  const [payload] = args;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { type?: unknown }).type === 'full-reload'
  );
}

export default function quietStart(): AstroIntegration {
  return {
    name: 'mcp-wire-quiet-start',
    hooks: {
      'astro:server:setup': ({ server }) => {
        let connected = false;
        server.ws.on('connection', () => {
          connected = true;
        });
        for (const channel of new Set([server.ws, server.environments.client.hot])) {
          const send = channel.send.bind(channel) as Send;
          (channel as { send: Send }).send = (...args) => {
            if (!connected && isFullReload(args)) return;
            send(...args);
          };
        }
      },
    },
  };
}

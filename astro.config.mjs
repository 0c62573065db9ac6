// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import workbench from './src/integrations/workbench.ts';
import { paletteClasses } from './components/code/shiki-classes.ts';
import { untimedTokens } from './components/code/untimed-tokens.ts';
import search from './src/integrations/search.ts';
import quietStart from './src/integrations/quiet-start.ts';

// Static site: every lesson page is plain HTML with build-time highlighting, so it reads
// without JavaScript. The exercise workbench adds its own integration and dev-server headers.
export default defineConfig({
  site: 'https://mcp-on-the-wire.example',
  trailingSlash: 'always',
  integrations: [mdx(), workbench(), search(), quietStart()],
  // Astro's dev toolbar sits over the page's own content; the course has no use for it.
  devToolbar: { enabled: false },
  markdown: {
    shikiConfig: {
      // Both palettes ship as CSS variables; global.css picks one per theme.
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
      wrap: true,
      // Known colour pairs become classes instead of inline styles (smaller pages).
      transformers: [untimedTokens, paletteClasses],
    },
  },
  // A test starts the dev server on a cache of its own, to see what a fresh `npm start` does.
  vite: process.env.MCPW_VITE_CACHE_DIR ? { cacheDir: process.env.MCPW_VITE_CACHE_DIR } : {},
});

// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import workbench from './src/integrations/workbench.ts';
import { paletteClasses } from './components/code/shiki-classes.ts';
import search from './src/integrations/search.ts';

// Static site: every lesson page is plain HTML with build-time highlighting, so it reads
// without JavaScript. The exercise workbench adds its own integration and dev-server headers.
export default defineConfig({
  site: 'https://mcp-on-the-wire.example',
  trailingSlash: 'always',
  integrations: [mdx(), workbench(), search()],
  markdown: {
    shikiConfig: {
      // Both palettes ship as CSS variables; global.css picks one per theme.
      themes: { light: 'github-light', dark: 'github-dark' },
      defaultColor: false,
      wrap: true,
      // Known colour pairs become classes instead of inline styles (smaller pages).
      transformers: [paletteClasses],
    },
  },
  vite: {},
});

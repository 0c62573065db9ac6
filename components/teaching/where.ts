// Which file an author has to open to fix a teaching component. A component rendered from an
// MDX lesson only knows the page it lands on, so the file is derived from the lesson route
// (/lessons/<slug>/ is lessons/<slug>.mdx, see src/pages/lessons/[slug].astro); any other
// page is named by its path, which still points the author at the right place.

/** "lessons/the-wire.mdx" for a lesson page, else "the page /glossary/". */
export function authorFile(pathname: string): string {
  const lesson = /^\/lessons\/([^/]+)\/?$/.exec(pathname);
  return lesson ? `lessons/${lesson[1]}.mdx` : `the page ${pathname}`;
}

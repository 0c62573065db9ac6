// Cross-origin isolation for pages that may boot a WebContainer (it needs SharedArrayBuffer).
// Shared by the dev middleware, the workshop server and the build's _headers check, so all
// three send exactly the same thing.
export const ISOLATION_HEADERS: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Pages that may boot a runtime: exercise pages (the workbench) and the wire console. */
const ISOLATED_FOLDERS = ['/exercises', '/console'];

/** Lesson pages stay un-isolated (nothing to gain). */
export function needsIsolation(pathname: string): boolean {
  return ISOLATED_FOLDERS.some(
    (folder) => pathname === folder || pathname.startsWith(`${folder}/`),
  );
}

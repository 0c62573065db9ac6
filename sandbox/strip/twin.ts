// The one naming rule for stripped TypeScript: a container whose Node cannot strip types runs
// `X.js` where the exercise says `X.ts`, beside it in the same folder. The bundler, the page
// and the harness all apply it; no imports, so the harness bundle gains nothing by it.

/** 'dir/client.ts' → 'dir/client.js'; any other path (including .d.ts) as it is. */
export function jsTwin(path: string): string {
  return path.endsWith('.ts') && !path.endsWith('.d.ts') ? `${path.slice(0, -3)}.js` : path;
}

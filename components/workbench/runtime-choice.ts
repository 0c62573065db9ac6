// Which runtime this page uses: the local one when the serving dev/workshop server hands
// out a token (same-origin fetch), else the WebContainer. @webcontainer/api is imported
// only on that path, from the page's own origin (Vite bundles it), so COEP never blocks it;
// so is the TypeScript stripper, and only when that container needs it.
import { fetchLocalToken, LocalRuntime } from '../../sandbox/runtime/local/client.ts';
import type { Runtime } from '../../sandbox/runtime/types.ts';
import { WebContainerRuntime } from '../../sandbox/runtime/webcontainer/adapter.ts';
import type { RuntimeManifest } from '../../sandbox/runtime/webcontainer/manifest.ts';

declare global {
  // Tests shorten the boot timeout to see the failure screen quickly.
  var MCPW_BOOT_TIMEOUT_MS: number | undefined;
}

export async function chooseRuntime(): Promise<Runtime> {
  const token = await fetchLocalToken('');
  if (token) return new LocalRuntime({ base: '', token });
  return new WebContainerRuntime({
    boot: async () => {
      const { WebContainer } = await import('@webcontainer/api');
      return WebContainer.boot({ coep: 'require-corp', workdirName: 'mcp-wire' });
    },
    loadManifest: async () => {
      const res = await fetch('/runtime/manifest.json');
      if (!res.ok) throw new Error(`runtime bundle missing (${res.status})`);
      return (await res.json()) as RuntimeManifest;
    },
    // Only a container whose Node cannot strip types needs it, so it is never in the page's
    // own JavaScript: a separate chunk, fetched once boot has found that out.
    loadStripper: () => import('../../sandbox/strip/strip-types.ts'),
    bootTimeoutMs: globalThis.MCPW_BOOT_TIMEOUT_MS ?? 20_000,
  });
}

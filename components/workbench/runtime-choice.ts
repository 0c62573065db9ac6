// Which runtime this page uses: the local one when the serving dev/workshop server hands
// out a token (same-origin fetch), else the WebContainer. @webcontainer/api is imported
// only on that path, from the page's own origin (Vite bundles it), so COEP never blocks it.
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
    bootTimeoutMs: globalThis.MCPW_BOOT_TIMEOUT_MS ?? 20_000,
  });
}

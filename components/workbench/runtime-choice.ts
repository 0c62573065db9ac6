// Which runtime this page uses: the local one when the serving dev/workshop server hands
// out a token (same-origin fetch), else the WebContainer, behind the watchdog that restarts
// a container whose run cannot be stopped. `?runtime=webcontainer` or `?runtime=local` in
// the page's address forces the choice, so the browser path can be tried on `npm start`.
// @webcontainer/api is imported only on that path, from the page's own origin (Vite bundles
// it), so COEP never blocks it; so is the TypeScript stripper, and only when that container
// needs it.
import { fetchLocalToken, LocalRuntime } from '../../sandbox/runtime/page/local-client.ts';
import { BootError, type Runtime } from '../../sandbox/runtime/shared/types.ts';
import { manifestLimits, Watchdog } from '../../sandbox/runtime/page/watchdog.ts';
import { WebContainerRuntime } from '../../sandbox/runtime/page/webcontainer-adapter.ts';
import type { ExtraFiles, RuntimeManifest } from '../../sandbox/runtime/shared/manifest.ts';
import { browserFacts, webContainerSupport } from './browser-support.ts';
import { probeSandboxHost, sandboxFrameUrl } from './sandbox-host.ts';
import { bootWebContainer, licenceFromEnv } from './webcontainer-boot.ts';
import { forcedRuntime } from './runtime-param.ts';

declare global {
  // Tests shorten the boot timeout to see the failure screen quickly.
  var MCPW_BOOT_TIMEOUT_MS: number | undefined;
}

export { forcedRuntime };

export async function chooseRuntime(): Promise<Runtime> {
  const forced = forcedRuntime(location.search);
  const token = forced === 'webcontainer' ? undefined : await fetchLocalToken('');
  if (token) return new LocalRuntime({ base: '', token });
  if (forced === 'local') {
    throw new BootError(
      'unavailable',
      'This page asked for the local runtime (`?runtime=local`), but the server that serves it runs none. Remove `?runtime=local` from the address to use the in-browser sandbox.',
    );
  }
  return webContainer();
}

function webContainer(): Runtime {
  // One fetch of the manifest serves the adapter (files) and the watchdog (time limits).
  let manifest: Promise<RuntimeManifest> | undefined;
  const loadManifest = () =>
    (manifest ??= fetch('/runtime/manifest.json').then(async (res) => {
      if (!res.ok) throw new Error(`runtime bundle missing (${res.status})`);
      return (await res.json()) as RuntimeManifest;
    })).catch((err: unknown) => {
      manifest = undefined;
      throw err;
    });
  const runtime = new WebContainerRuntime({
    boot: () =>
      bootWebContainer({
        support: webContainerSupport(browserFacts()),
        // Each named so that Vite inlines it at build time; unset, nothing is registered or sent.
        licence: licenceFromEnv({
          PUBLIC_WEBCONTAINER_CLIENT_ID: import.meta.env.PUBLIC_WEBCONTAINER_CLIENT_ID,
          PUBLIC_WEBCONTAINER_SCOPE: import.meta.env.PUBLIC_WEBCONTAINER_SCOPE,
        }),
        load: async () => {
          const { WebContainer, auth } = await import('@webcontainer/api');
          return {
            initAuth: (licence) => auth.init(licence),
            boot: () => WebContainer.boot({ coep: 'require-corp', workdirName: 'mcp-wire' }),
          };
        },
        reachable: () => probeSandboxHost(sandboxFrameUrl()),
      }),
    loadManifest,
    loadExtraFiles: async (name) => {
      const res = await fetch(`/runtime/${name}`);
      if (!res.ok) throw new Error(`runtime files ${name} missing (${res.status})`);
      return (await res.json()) as ExtraFiles;
    },
    // Only a container whose Node cannot strip types needs it, so it is never in the page's
    // own JavaScript: a separate chunk, fetched once boot has found that out.
    loadStripper: () => import('../../sandbox/strip/strip-types.ts'),
    loadScanner: () => import('../../sandbox/strip/erasable.ts'),
    bootTimeoutMs: globalThis.MCPW_BOOT_TIMEOUT_MS ?? 20_000,
  });
  return new Watchdog(runtime, { limitMs: manifestLimits(loadManifest) });
}

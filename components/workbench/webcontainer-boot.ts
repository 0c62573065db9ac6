// How the page boots a WebContainer: refuse at once in a browser it does not run in (before
// @webcontainer/api is even loaded), register the deployment's StackBlitz licence when one
// is configured, then boot. The API arrives through `load`, so tests inject a stand-in.
import { BootError } from '../../sandbox/runtime/shared/types.ts';
import type { Support } from './browser-support.ts';

/** auth.init's options (@webcontainer/api AuthInitOptions): the deployment's OAuth client. */
export interface WebContainerLicence {
  clientId: string;
  scope: string;
}

/**
 * The licence from the build's environment: PUBLIC_WEBCONTAINER_CLIENT_ID (and optionally
 * PUBLIC_WEBCONTAINER_SCOPE, default ''). Unset or blank: no licence, and nothing is sent.
 */
export function licenceFromEnv(
  env: Record<string, string | boolean | undefined>,
): WebContainerLicence | undefined {
  const clientId = env.PUBLIC_WEBCONTAINER_CLIENT_ID;
  if (typeof clientId !== 'string' || clientId.trim() === '') return undefined;
  const scope = env.PUBLIC_WEBCONTAINER_SCOPE;
  return { clientId: clientId.trim(), scope: typeof scope === 'string' ? scope.trim() : '' };
}

export interface WebContainerApi<C> {
  /** auth.init: answers { status } or an AuthFailedError ({ status: 'auth-failed', ... }). */
  initAuth(licence: WebContainerLicence): { status: string; description?: string };
  boot(): Promise<C>;
}

export async function bootWebContainer<C>(options: {
  support: Support;
  licence: WebContainerLicence | undefined;
  load: () => Promise<WebContainerApi<C>>;
  /**
   * Rejects, with why, as soon as the sandbox's frame is known not to load (sandbox-host.ts);
   * the boot then fails at once instead of at its timeout.
   */
  reachable?: () => Promise<void>;
}): Promise<C> {
  const { support, licence } = options;
  if (!support.ok) throw new BootError(support.reason, support.message);
  // Asked first, while the API's chunk loads: an unreachable frame is then known sooner.
  let gaveUp = false;
  const unreachable = options.reachable?.().then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => {
      gaveUp = true;
      throw new BootError(
        'unreachable',
        `The in-browser sandbox could not start: ${err instanceof Error ? err.message : String(err)}.`,
      );
    },
  );
  unreachable?.catch(() => undefined);
  const api = await (unreachable ? Promise.race([options.load(), unreachable]) : options.load());
  if (licence) {
    const answer = api.initAuth(licence);
    if (answer.status === 'auth-failed') {
      throw new BootError(
        'blocked',
        `StackBlitz refused this site's WebContainer licence (${answer.description ?? 'no reason given'}).`,
      );
    }
  }
  const booting = api.boot();
  if (!unreachable) return booting;
  // A frame that loads after all must not leave a container behind.
  booting.then(
    (c) => gaveUp && (c as { teardown?: () => void }).teardown?.(),
    () => undefined,
  );
  return Promise.race([booting, unreachable]);
}

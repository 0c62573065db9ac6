// Can this page reach the WebContainer's frame at all? WebContainer.boot() adds a hidden
// iframe from stackblitz.com and waits for it to say hello, forever if it never loads: with
// no DNS, a blocked host or an ad blocker the learner used to sit through the whole boot
// timeout (20 s). A no-cors fetch of the frame's own address answers within a round trip.
// It is a fair test under this page's COEP (require-corp): the frame loads only if its
// response carries Cross-Origin-Resource-Policy, and a response that carries it passes the
// fetch as well. So a failed fetch means the frame cannot load either; a fetch that works
// says nothing, and boot goes on under its timeout.

declare global {
  // @webcontainer/api's own override of its frame's origin (tests point it elsewhere).
  var WEBCONTAINER_API_IFRAME_URL: string | undefined;
}

/** The frame's address as @webcontainer/api builds it: its origin, path /headless. */
export function sandboxFrameUrl(override = globalThis.WEBCONTAINER_API_IFRAME_URL): URL {
  const url = new URL(new URL(override ?? 'https://stackblitz.com').origin);
  url.pathname = '/headless';
  return url;
}

/**
 * Resolves when the frame's host answers, rejects with why when it cannot be reached (the
 * fetch failed: no DNS, refused, blocked). Never settles a hung request: the boot timeout
 * stays the last resort.
 */
export async function probeSandboxHost(url: URL, fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    await fetchImpl(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
  } catch (err) {
    throw new Error(`${url.host} cannot be reached from this browser (${String(err)})`, {
      cause: err,
    });
  }
}

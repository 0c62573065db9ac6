// Can this browser run the in-browser sandbox? Answered before booting, from the user agent
// and a few capability flags, because a WebContainer in a browser it does not work in does
// not fail: it waits, and the learner would sit through the whole boot timeout (20 s) for
// nothing. StackBlitz supports Chromium-based desktop browsers fully; Firefox, Safari and
// every iOS/iPadOS browser (all WebKit underneath) only in beta, which the course does not
// rely on. Third-party frame or storage blocking cannot be seen cheaply from here: those
// still fail at boot, with their own advice.

export interface BrowserFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asks for desktop pages with a Mac user agent. */
  maxTouchPoints: number;
  crossOriginIsolated: boolean;
  /** typeof SharedArrayBuffer !== 'undefined' */
  sharedArrayBuffer: boolean;
  /**
   * navigator.onLine. false is reliable (no network at all); true is not (a network that
   * cannot reach stackblitz.com still says true, and then only the boot timeout tells).
   */
  online: boolean;
}

export type Support =
  { ok: true } | { ok: false; reason: 'unsupported' | 'not-isolated' | 'offline'; message: string };

/** The unsupported browser this is, or undefined for one that may run the sandbox. */
export function unsupportedBrowser(facts: BrowserFacts): string | undefined {
  const ua = facts.userAgent;
  const iPadAsMac = /Macintosh/.test(ua) && facts.maxTouchPoints > 1;
  if (/iPhone|iPad|iPod/.test(ua) || iPadAsMac) return 'a browser on iPhone or iPad';
  if (/Firefox\//.test(ua)) return 'Firefox';
  // Chromium-based browsers say "Safari" too; desktop Safari says Version/ and nothing else.
  if (/Version\/[\d.]+.*Safari\//.test(ua) && !/Chrome|Chromium|Edg\/|OPR\//.test(ua)) {
    return 'Safari';
  }
  return undefined;
}

export function webContainerSupport(facts: BrowserFacts): Support {
  const browser = unsupportedBrowser(facts);
  if (browser) {
    return {
      ok: false,
      reason: 'unsupported',
      message: `The in-browser sandbox does not run in ${browser}; it needs a Chromium-based desktop browser (Chrome, Edge, Brave, Opera, Vivaldi, Arc).`,
    };
  }
  if (!facts.sharedArrayBuffer || !facts.crossOriginIsolated) {
    return {
      ok: false,
      reason: 'not-isolated',
      message:
        'This page is not cross-origin isolated (no SharedArrayBuffer), so the in-browser sandbox cannot start.',
    };
  }
  if (!facts.online) {
    return {
      ok: false,
      reason: 'offline',
      message:
        'This browser is offline, and the in-browser sandbox loads from stackblitz.com when it starts.',
    };
  }
  return { ok: true };
}

/** The facts of the browser the page runs in. */
export function browserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    sharedArrayBuffer: typeof SharedArrayBuffer !== 'undefined',
    online: navigator.onLine,
  };
}

// Which browsers are told at once that the in-browser sandbox will not start, over real
// user-agent strings; and which are let through to boot.
import { describe, expect, it } from 'vitest';
import {
  webContainerSupport,
  type BrowserFacts,
} from '../../components/workbench/browser-support.ts';

const UA = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  ipadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
};

const facts = (userAgent: string, more: Partial<BrowserFacts> = {}): BrowserFacts => ({
  userAgent,
  maxTouchPoints: 0,
  crossOriginIsolated: true,
  sharedArrayBuffer: true,
  online: true,
  ...more,
});

describe('webContainerSupport', () => {
  it.each([
    ['chrome'],
    ['edge'],
    ['opera'],
    ['chromeMac'],
    ['headlessChrome'],
    ['chromeAndroid'],
  ] as const)('lets %s boot', (name) => {
    expect(webContainerSupport(facts(UA[name]))).toEqual({ ok: true });
  });

  it.each([
    ['firefox', 'Firefox'],
    ['firefoxMac', 'Firefox'],
    ['safari', 'Safari'],
    ['iphone', 'iPhone or iPad'],
    ['chromeIos', 'iPhone or iPad'],
    ['firefoxIos', 'iPhone or iPad'],
    ['ipadOld', 'iPhone or iPad'],
  ] as const)('tells %s at once that it is unsupported', (name, named) => {
    const support = webContainerSupport(facts(UA[name]));
    expect(support).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(!support.ok && support.message).toContain(named);
    expect(!support.ok && support.message).toContain('Chromium-based desktop browser');
  });

  it('knows an iPad that asks for the desktop site by its touch points', () => {
    expect(webContainerSupport(facts(UA.safari, { maxTouchPoints: 5 }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('iPhone or iPad') as unknown,
    });
    // A Mac with Chrome and no touch screen is fine.
    expect(webContainerSupport(facts(UA.chromeMac, { maxTouchPoints: 0 }))).toEqual({ ok: true });
  });

  it('refuses a page without cross-origin isolation or SharedArrayBuffer', () => {
    for (const more of [{ crossOriginIsolated: false }, { sharedArrayBuffer: false }]) {
      expect(webContainerSupport(facts(UA.chrome, more))).toMatchObject({
        ok: false,
        reason: 'not-isolated',
      });
    }
  });

  it('says at once when the browser knows it is offline', () => {
    expect(webContainerSupport(facts(UA.chrome, { online: false }))).toMatchObject({
      ok: false,
      reason: 'offline',
      message: expect.stringContaining('stackblitz.com') as unknown,
    });
  });

  it('names the browser before the missing isolation: switching browsers is the fix', () => {
    const support = webContainerSupport(facts(UA.firefox, { crossOriginIsolated: false }));
    expect(support).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});

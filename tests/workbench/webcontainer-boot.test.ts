// The page's WebContainer boot without the real package: an unsupported browser never loads
// the API, a licence is registered before booting only when the build configured one.
import { describe, expect, it } from 'vitest';
import {
  bootWebContainer,
  licenceFromEnv,
  type WebContainerApi,
} from '../../components/workbench/webcontainer-boot.ts';
import { BootError } from '../../sandbox/runtime/shared/types.ts';

function fakeApi(answer: { status: string; description?: string } = { status: 'authorized' }) {
  const calls: string[] = [];
  const licences: unknown[] = [];
  let loads = 0;
  const api: WebContainerApi<string> = {
    initAuth(licence) {
      calls.push('auth.init');
      licences.push(licence);
      return answer;
    },
    boot: async () => {
      calls.push('boot');
      return 'container';
    },
  };
  return {
    calls,
    licences,
    loads: () => loads,
    load: async () => {
      loads++;
      return api;
    },
  };
}

describe('licenceFromEnv', () => {
  it('is unset without a client id, or with a blank one', () => {
    expect(licenceFromEnv({})).toBeUndefined();
    expect(licenceFromEnv({ PUBLIC_WEBCONTAINER_CLIENT_ID: '  ' })).toBeUndefined();
    expect(licenceFromEnv({ PUBLIC_WEBCONTAINER_SCOPE: 'x' })).toBeUndefined();
  });

  it('reads the client id and the scope (default empty)', () => {
    expect(licenceFromEnv({ PUBLIC_WEBCONTAINER_CLIENT_ID: 'wc_api_abc' })).toEqual({
      clientId: 'wc_api_abc',
      scope: '',
    });
    expect(
      licenceFromEnv({
        PUBLIC_WEBCONTAINER_CLIENT_ID: 'wc_api_abc',
        PUBLIC_WEBCONTAINER_SCOPE: 'read',
      }),
    ).toEqual({ clientId: 'wc_api_abc', scope: 'read' });
  });
});

describe('bootWebContainer', () => {
  it('unset licence: auth.init is never called, boot is', async () => {
    const fake = fakeApi();
    const c = await bootWebContainer({
      support: { ok: true },
      licence: undefined,
      load: fake.load,
    });
    expect(c).toBe('container');
    expect(fake.calls).toEqual(['boot']);
  });

  it('set licence: auth.init gets exactly its values, before boot', async () => {
    const fake = fakeApi();
    const licence = { clientId: 'wc_api_abc', scope: '' };
    await bootWebContainer({ support: { ok: true }, licence, load: fake.load });
    expect(fake.calls).toEqual(['auth.init', 'boot']);
    expect(fake.licences).toEqual([licence]);
  });

  it("a refused licence fails the boot with StackBlitz's reason, without booting", async () => {
    const fake = fakeApi({ status: 'auth-failed', description: 'unknown client' });
    const licence = { clientId: 'wc_api_bad', scope: '' };
    const err = await bootWebContainer({ support: { ok: true }, licence, load: fake.load }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BootError);
    expect((err as BootError).reason).toBe('blocked');
    expect((err as BootError).message).toContain('unknown client');
    expect(fake.calls).toEqual(['auth.init']);
  });

  it('an unsupported browser is refused before the API is even loaded', async () => {
    const fake = fakeApi();
    const err = await bootWebContainer({
      support: { ok: false, reason: 'unsupported', message: 'not in Firefox' },
      licence: { clientId: 'wc_api_abc', scope: '' },
      load: fake.load,
    }).catch((e: unknown) => e);
    expect((err as BootError).reason).toBe('unsupported');
    expect((err as BootError).message).toBe('not in Firefox');
    expect(fake.loads()).toBe(0);
    expect(fake.calls).toEqual([]);
  });
});

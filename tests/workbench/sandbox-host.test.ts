// The fast answer for a sandbox frame that cannot load: the probe against a real HTTP server
// and a closed port, and the boot that fails on it at once instead of at its timeout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSandboxHost, sandboxFrameUrl } from '../../components/workbench/sandbox-host.ts';
import { bootWebContainer } from '../../components/workbench/webcontainer-boot.ts';
import { BootError } from '../../sandbox/runtime/shared/types.ts';

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((_, res) => res.end('frame'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('sandboxFrameUrl', () => {
  it("is stackblitz.com's /headless, or the override's origin with that path", () => {
    expect(sandboxFrameUrl(undefined).href).toBe('https://stackblitz.com/headless');
    expect(sandboxFrameUrl('http://127.0.0.1:9/anything?x=1').href).toBe(
      'http://127.0.0.1:9/headless',
    );
  });
});

describe('probeSandboxHost', () => {
  it('resolves when the host answers, whatever it answers', async () => {
    await expect(probeSandboxHost(new URL('/headless', origin))).resolves.toBeUndefined();
  });

  it('rejects, naming the host, when nothing answers there', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(probeSandboxHost(new URL(`http://127.0.0.1:${port}/headless`))).rejects.toThrow(
      `127.0.0.1:${port} cannot be reached`,
    );
  });
});

describe('bootWebContainer with a reachability probe', () => {
  const api = (boot: () => Promise<{ teardown(): void }>) => async () => ({
    initAuth: () => ({ status: 'authorized' }),
    boot,
  });

  it('fails at once with reason "unreachable" while the frame would wait forever', async () => {
    const err = await bootWebContainer({
      support: { ok: true },
      licence: undefined,
      load: api(() => new Promise(() => undefined)),
      reachable: () => probeSandboxHost(new URL('http://127.0.0.1:9/headless')),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BootError);
    expect((err as BootError).reason).toBe('unreachable');
    expect((err as BootError).message).toContain('127.0.0.1:9 cannot be reached');
  });

  it('boots as before when the host answers, and tears down a frame that answers too late', async () => {
    const container = { teardown: () => undefined };
    await expect(
      bootWebContainer({
        support: { ok: true },
        licence: undefined,
        load: api(async () => container),
        reachable: () => probeSandboxHost(new URL('/headless', origin)),
      }),
    ).resolves.toBe(container);

    let tornDown = false;
    let answer!: (c: { teardown(): void }) => void;
    const late = bootWebContainer({
      support: { ok: true },
      licence: undefined,
      load: api(() => new Promise((r) => (answer = r))),
      reachable: () => Promise.reject(new Error('no DNS')),
    });
    await expect(late).rejects.toThrow('no DNS');
    answer({ teardown: () => (tornDown = true) });
    await new Promise((r) => setTimeout(r, 0));
    expect(tornDown).toBe(true);
  });
});

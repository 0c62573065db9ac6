// What the workbench says about its runtime, and how `?runtime=` is read.
import { describe, expect, it } from 'vitest';
import { forcedRuntime } from '../../components/workbench/runtime-choice.ts';
import { bootLine, runtimeLabel } from '../../components/workbench/runtime-label.ts';

const timing = { totalMs: 1500, stages: [{ stage: 'booting' as const, ms: 1500 }] };

describe('runtimeLabel', () => {
  it('names the runtime before boot, and its Node and TypeScript after', () => {
    expect(runtimeLabel({ runtime: 'webcontainer' })).toBe('Runs in your browser (WebContainer)');
    expect(
      runtimeLabel({ runtime: 'webcontainer', about: { node: 'v22.18.0', typescript: 'native' } }),
    ).toBe('Runs in your browser (WebContainer, Node v22.18.0, which runs TypeScript itself)');
    expect(
      runtimeLabel({
        runtime: 'webcontainer',
        about: { node: 'v20.19.1', typescript: 'stripped' },
      }),
    ).toBe('Runs in your browser (WebContainer, Node v20.19.1, TypeScript stripped in this page)');
    expect(runtimeLabel({ runtime: 'local' })).toBe('Runs on this computer (local runtime)');
    expect(
      runtimeLabel({ runtime: 'local', about: { node: 'v24.21.0', typescript: 'native' } }),
    ).toBe('Runs on this computer (local runtime, Node v24.21.0)');
  });

  it('tells the boot time only once a boot finished', () => {
    expect(bootLine({ runtime: 'webcontainer' })).toBeUndefined();
    expect(bootLine({ runtime: 'webcontainer', bootTiming: timing })).toBe(
      'Sandbox ready in 1.5 s (booting 1.5 s)',
    );
    expect(bootLine({ runtime: 'local', bootTiming: timing })).toMatch(/^Local runtime ready/);
  });
});

describe('forcedRuntime', () => {
  it('reads ?runtime=webcontainer and ?runtime=local, and nothing else', () => {
    expect(forcedRuntime('?runtime=webcontainer')).toBe('webcontainer');
    expect(forcedRuntime('?x=1&runtime=local')).toBe('local');
    expect(forcedRuntime('')).toBeUndefined();
    expect(forcedRuntime('?runtime=Local')).toBeUndefined();
    expect(forcedRuntime('?runtime=node')).toBeUndefined();
  });
});

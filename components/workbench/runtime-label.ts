// What the workbench says about the runtime: which one runs the code and, once booted, on
// which Node and how it runs TypeScript; and how long its boot took.
import { describeBoot } from './boot-timing.ts';
import type { WorkbenchState } from './controller.ts';

type Facts = Pick<WorkbenchState, 'runtime' | 'about' | 'bootTiming'>;

export function runtimeLabel(s: Facts): string {
  const node = s.about ? `, Node ${s.about.node}` : '';
  if (s.runtime === 'local') return `Runs on this computer (local runtime${node})`;
  const ts = !s.about
    ? ''
    : s.about.typescript === 'native'
      ? ', which runs TypeScript itself'
      : ', TypeScript stripped in this page';
  return `Runs in your browser (WebContainer${node}${ts})`;
}

/** "Sandbox ready in 3.2 s (booting 2.1 s, ...)"; undefined until a boot has finished. */
export function bootLine(s: Facts): string | undefined {
  if (!s.bootTiming || !s.runtime) return undefined;
  return describeBoot(s.runtime === 'local' ? 'Local runtime' : 'Sandbox', s.bootTiming);
}

// How long each boot stage took, as the learner's status line and as entries in the page's
// performance timeline (marks mcpw:boot:<stage>:start, measures mcpw:boot:<stage> and
// mcpw:boot), so a slow boot can be read in the browser's devtools as well as on screen.
import type { BootStage } from '../../sandbox/runtime/shared/types.ts';

export interface BootTiming {
  totalMs: number;
  /** Every stage before 'ready', in the order reported. */
  stages: { stage: BootStage; ms: number }[];
}

type Timeline = Pick<Performance, 'mark' | 'measure'>;

/** Starts the clock; call `stage` from onStage. Returns the timing once 'ready' arrived. */
export function startBootClock(timeline: Timeline = performance) {
  const stages: BootTiming['stages'] = [];
  let current: BootStage | undefined;
  timeline.mark('mcpw:boot:start');
  const end = (next: string) => {
    if (current === undefined) return;
    const m = timeline.measure(`mcpw:boot:${current}`, `mcpw:boot:${current}:start`, next);
    stages.push({ stage: current, ms: m.duration });
  };
  return {
    stage(stage: BootStage): BootTiming | undefined {
      const mark = `mcpw:boot:${stage}:start`;
      timeline.mark(mark);
      end(mark);
      current = stage;
      if (stage !== 'ready') return undefined;
      const total = timeline.measure('mcpw:boot', 'mcpw:boot:start', mark);
      return { totalMs: total.duration, stages };
    },
  };
}

const SHORT: Record<BootStage, string> = {
  booting: 'booting',
  mounting: 'mounting',
  'checking-node': 'checking Node',
  ready: 'ready',
};

// Under a second in ms: a local runtime's 40 ms stages would all read "0.0 s".
const seconds = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

/** "Sandbox ready in 3.2 s (booting 2.1 s, mounting 0.6 s, checking Node 0.5 s)" */
export function describeBoot(what: string, timing: BootTiming): string {
  const parts = timing.stages.map((s) => `${SHORT[s.stage]} ${seconds(s.ms)}`);
  return `${what} ready in ${seconds(timing.totalMs)}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

// Boot stage durations: measured between the stage reports, written to the performance
// timeline under mcpw:boot names, and told to the learner in one line.
import { describe, expect, it } from 'vitest';
import { describeBoot, startBootClock } from '../../components/workbench/boot-timing.ts';

describe('boot clock', () => {
  it('measures each stage until the next, and the whole boot, in the timeline', async () => {
    performance.clearMarks();
    performance.clearMeasures();
    const clock = startBootClock();
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    expect(clock.stage('booting')).toBeUndefined();
    await wait(120);
    clock.stage('mounting');
    await wait(40);
    clock.stage('checking-node');
    await wait(20);
    const timing = clock.stage('ready');
    expect(timing?.stages.map((s) => s.stage)).toEqual(['booting', 'mounting', 'checking-node']);
    const [booting, mounting, checking] = timing!.stages.map((s) => s.ms);
    expect(booting).toBeGreaterThanOrEqual(110);
    expect(mounting).toBeGreaterThanOrEqual(35);
    expect(mounting).toBeLessThan(booting);
    expect(checking).toBeGreaterThanOrEqual(15);
    expect(timing!.totalMs).toBeGreaterThanOrEqual(booting + mounting + checking - 1);
    const names = performance.getEntriesByType('measure').map((e) => e.name);
    expect(names.sort()).toEqual([
      'mcpw:boot',
      'mcpw:boot:booting',
      'mcpw:boot:checking-node',
      'mcpw:boot:mounting',
    ]);
  });

  it('tells the learner the total and each stage, in seconds or, under one, in ms', () => {
    const line = describeBoot('Sandbox', {
      totalMs: 3210,
      stages: [
        { stage: 'booting', ms: 2100 },
        { stage: 'mounting', ms: 640 },
        { stage: 'checking-node', ms: 470 },
      ],
    });
    expect(line).toBe(
      'Sandbox ready in 3.2 s (booting 2.1 s, mounting 640 ms, checking Node 470 ms)',
    );
  });
});

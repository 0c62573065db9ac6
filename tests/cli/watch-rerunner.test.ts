// The watch mode's scheduler, with real timers: a burst of saves is one run, runs never
// overlap, and saves during a run add exactly one more run.
import { describe, expect, it } from 'vitest';
import { rerunner } from '../../sandbox/cli/watch.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function counted(runMs: number) {
  const log = { runs: 0, overlapping: 0, live: 0 };
  const run = async () => {
    log.runs++;
    log.live++;
    if (log.live > 1) log.overlapping++;
    await sleep(runMs);
    log.live--;
  };
  return { log, run };
}

describe('rerunner', () => {
  it('runs once for a burst of pokes, after they settle', async () => {
    const { log, run } = counted(10);
    const r = rerunner(run, 30);
    for (let i = 0; i < 5; i++) {
      r.poke();
      await sleep(5);
    }
    expect(log.runs).toBe(0);
    await r.idle();
    expect(log.runs).toBe(1);
    r.close();
  });

  it('queues exactly one more run for any number of pokes during a run, never two at once', async () => {
    const { log, run } = counted(300);
    const r = rerunner(run, 10);
    r.poke();
    await sleep(60);
    expect(log.live).toBe(1);
    // Three separate saves while the first run is under way, each one settling on its own.
    for (let i = 0; i < 3; i++) {
      r.poke();
      await sleep(40);
    }
    await r.idle();
    expect(log.runs).toBe(2);
    expect(log.overlapping).toBe(0);
    r.close();
  });

  it('runs again for a poke after it has gone idle, and not at all once closed', async () => {
    const { log, run } = counted(5);
    const r = rerunner(run, 10);
    r.poke();
    await r.idle();
    r.poke();
    await r.idle();
    expect(log.runs).toBe(2);
    r.close();
    r.poke();
    await sleep(40);
    expect(log.runs).toBe(2);
  });

  it('keeps going after a run that throws', async () => {
    let calls = 0;
    const r = rerunner(async () => {
      calls++;
      if (calls === 1) throw new Error('first run breaks');
    }, 5);
    r.poke();
    await r.idle();
    r.poke();
    await r.idle();
    expect(calls).toBe(2);
    r.close();
  });
});

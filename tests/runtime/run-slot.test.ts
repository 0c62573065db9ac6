// The run recipe the runtimes share, without processes: one run at a time (including a run
// that is still starting when the next one begins), and the exit code from the event stream.
import { describe, expect, it } from 'vitest';
import type { EventChannel } from '../../sandbox/runtime/page/channel.ts';
import { RunSlot } from '../../sandbox/runtime/page/run-slot.ts';

/** A run that only records whether it was stopped. */
function run() {
  const r = { killed: 0, kill: () => void r.killed++ };
  return r;
}

describe('RunSlot', () => {
  it('a second start stops the first run, and stop() stops the current one', async () => {
    const slot = new RunSlot();
    const first = run();
    const second = run();
    await slot.start(async () => first);
    expect(first.killed).toBe(0);
    await slot.start(async () => second);
    expect(first.killed).toBe(1);
    expect(second.killed).toBe(0);
    slot.stop();
    expect(second.killed).toBe(1);
  });

  it('stops a run that finished starting after a later start (or a stop) began', async () => {
    const slot = new RunSlot();
    const slow = run();
    let started!: () => void;
    const starting = slot.start(() => new Promise((resolve) => (started = () => resolve(slow))));
    const fast = run();
    await slot.start(async () => fast);
    started();
    await starting;
    expect(slow.killed).toBe(1);
    expect(fast.killed).toBe(0);

    const late = run();
    let lateStarted!: () => void;
    const lateStarting = slot.start(
      () => new Promise((resolve) => (lateStarted = () => resolve(late))),
    );
    slot.stop();
    lateStarted();
    await lateStarting;
    expect(late.killed).toBe(1);
  });

  it('exit is 0 when the run sent done, 1 when the channel had to make one up', async () => {
    const slot = new RunSlot();
    let channel!: EventChannel;
    const ok = await slot.start(async (c) => ((channel = c), run()));
    channel.push({ type: 'done', verdict: 'completed', summary: 'the program finished' });
    channel.close('unused');
    expect(await ok.exit).toBe(0);

    const broken = await slot.start(async (c) => ((channel = c), run()));
    channel.close('the harness died');
    expect(await broken.exit).toBe(1);
    const events = [];
    for await (const e of broken.events) events.push(e);
    expect(events).toEqual([{ type: 'done', verdict: 'error', summary: 'the harness died' }]);
  });

  it("the process's kill stops its own run", async () => {
    const slot = new RunSlot();
    const r = run();
    const proc = await slot.start(async () => r);
    proc.kill();
    expect(r.killed).toBe(1);
  });
});

// The harness's limits: a program that hangs, floods, crashes or leaves a grandchild behind
// gets a clear verdict and leaves no process running.
import { createHook } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { collect, FIXTURE_EXERCISES } from './helpers.ts';

/** Live processes whose command line holds `name` (a pid printed in a namespace means nothing here). */
function runningNamed(name: string): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) return false;
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(name);
    } catch {
      return false;
    }
  });
}

const base = { exercisesRoot: FIXTURE_EXERCISES, mode: 'run' as const, checks: {} };

describe('harness limits', () => {
  it('stops a program that hangs with verdict timeout', async () => {
    const { events, summary } = await collect({ ...base, exercise: 'hang', timeoutMs: 1500 });
    expect(summary.verdict).toBe('timeout');
    expect(events.at(-1)).toMatchObject({ type: 'done', verdict: 'timeout' });
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
  });

  it('stops a program that floods stdout with verdict output-limit', async () => {
    const { events, summary } = await collect({
      ...base,
      exercise: 'flood',
      maxOutputBytes: 64 * 1024,
      timeoutMs: 8000,
    });
    expect(summary.verdict).toBe('output-limit');
    const out = events.filter((e) => e.type === 'stdout').map((e) => ('text' in e ? e.text : ''));
    expect(out.join('').length).toBeLessThanOrEqual(64 * 1024);
  });

  it('stops a program whose frames pass the recording cap with verdict output-limit', async () => {
    const { summary } = await collect({
      ...base,
      exercise: 'frame-flood',
      maxFrameBytes: 256 * 1024,
      timeoutMs: 15000,
    });
    expect(summary.verdict).toBe('output-limit');
    expect(summary.frames).toBeLessThan(256 * 2);
  });

  it('reports a crash with its exit code and stderr', async () => {
    const { events, summary } = await collect({ ...base, exercise: 'crash' });
    expect(summary.verdict).toBe('crashed');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'exit', source: 'learner', code: 1 }),
    );
    const err = events.filter((e) => e.type === 'stderr').map((e) => ('text' in e ? e.text : ''));
    expect(err.join('')).toContain('boom from the learner');
  });

  it('leaves no timer running once the run is over', async () => {
    // A timer the run forgot keeps the process that ran it alive: a grace timer that outlived
    // the program's pipes held every `exercise check` open for 200 ms after its verdict.
    const pending = new Set<number>();
    const hook = createHook({
      init: (id, type) => void (type === 'Timeout' && pending.add(id)),
      destroy: (id) => void pending.delete(id),
    }).enable();
    try {
      const { summary } = await collect({ ...base, exercise: 'echo' });
      expect(summary.verdict).toBe('completed');
      await new Promise((r) => setImmediate(r)); // destroy hooks run on a later turn
    } finally {
      hook.disable();
    }
    expect(pending.size).toBe(0);
  });

  for (const exercise of ['orphan', 'orphan-hang']) {
    it(`leaves no grandchild behind (${exercise})`, async () => {
      const { events } = await collect({ ...base, exercise, timeoutMs: 1500 });
      // All of the program's output: a pipe may deliver one line in two reads.
      const out = events.flatMap((e) =>
        e.type === 'stdout' && e.source === 'learner' ? [e.text] : [],
      );
      const { name } = JSON.parse(out.join('').split('\n')[0] || '{}') as { name?: string };
      expect(name).toMatch(/^mcpw-hang-\w+$/);
      expect(runningNamed(name!)).toEqual([]);
    });
  }
});

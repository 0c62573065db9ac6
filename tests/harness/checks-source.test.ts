// The checks as a loader: called once the program has started (so that loading the course's
// registry runs beside the program, not in front of it), once per check run, never in run
// mode; what it loads judges the run as an object would.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../sandbox/contract/check.ts';
import { collect, FIXTURE_EXERCISES } from './helpers.ts';

const saw: Check = {
  id: 'saw-frames',
  title: 'the record has frames',
  hint: '',
  run: (record) => ({ ok: record.frames.length > 0, message: `${record.frames.length} frames` }),
};

function loader() {
  const calls: { programStarted: boolean }[] = [];
  const load = async () => {
    // The echo fixture's work folder exists from before the program starts; a started
    // program is one the harness has already spawned, which its process list shows.
    calls.push({ programStarted: programRunning() });
    return { echo: [saw] };
  };
  return { calls, load };
}

/** Is a process running the echo fixture's program.ts (started by this test's harness)? */
function programRunning(): boolean {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('program.ts') && cmd.includes('echo-')) return true;
    } catch {
      // gone meanwhile
    }
  }
  return false;
}

const base = { exercise: 'echo', exercisesRoot: FIXTURE_EXERCISES };

describe('checks handed in as a loader', () => {
  it('loads them once, after the program started, and judges with them', async () => {
    const { calls, load } = loader();
    const { summary } = await collect({ ...base, mode: 'check', checks: load });
    expect(calls).toEqual([{ programStarted: true }]);
    expect(summary.passed).toBe(true);
    expect(summary.checks.map((c) => c.id)).toEqual(['saw-frames']);
  });

  it('never loads them in run mode', async () => {
    const { calls, load } = loader();
    const { summary } = await collect({ ...base, mode: 'run', checks: load });
    expect(summary.verdict).toBe('completed');
    expect(calls).toEqual([]);
  });

  it('reports a loader that fails as a harness error, not as a verdict on the code', async () => {
    const failing = () => Promise.reject(new Error('registry did not load'));
    const { summary } = await collect({ ...base, mode: 'check', checks: failing });
    expect(summary.verdict).toBe('error');
    expect(summary.summary).toContain('registry did not load');
  });
});

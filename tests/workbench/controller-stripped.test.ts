// The workbench over the WebContainer adapter whose container cannot strip types (the fake,
// on Node 22): a learner file that does not parse reaches the learner as a run does, on the
// program's stderr and in `done`, never as a run that failed to start; mended, it passes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createController, type WorkbenchEvent } from '../../components/workbench/controller.ts';
import { workbenchData } from '../../components/workbench/load.ts';
import type { ProgressStore } from '../../components/workbench/progress.ts';
import { loadExercise } from '../../sandbox/exercises/loader.ts';
import { fakeAdapters, repo } from '../runtime/webcontainer-fixture.ts';

const root = repo;
const data = workbenchData(loadExercise(root, 'raw-client'));
const solution = readFileSync(
  join(loadExercise(root, 'raw-client').dir, 'solution/client.ts'),
  'utf8',
);
const { adapter } = fakeAdapters();

class MemoryStore implements ProgressStore {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('the workbench where the container cannot strip types', () => {
  it('shows a file that does not parse as the run, with file, line and column', async () => {
    const { runtime } = adapter({ node: 22 });
    const wb = createController({
      data,
      store: new MemoryStore(),
      chooseRuntime: async () => runtime,
    });
    await wb.boot();
    expect(runtime.about?.typescript).toBe('stripped');
    const seen: WorkbenchEvent[] = [];
    wb.subscribe((e) => seen.push(e));

    wb.edit({ 'client.ts': `${solution}\nconst broken: number = ;\n` });
    await wb.run('check');
    const line = solution.split('\n').length + 1;
    const shown = seen.flatMap((e) => (e.type === 'harness' ? [e.event] : []));
    expect(shown).toEqual([
      { type: 'stderr', source: 'learner', text: `client.ts:${line}:24: Unexpected token\n` },
      {
        type: 'done',
        verdict: 'error',
        summary: `nothing was run: client.ts has a syntax error at line ${line}, column 24`,
      },
    ]);
    expect(seen.some((e) => e.type === 'run-error')).toBe(false);
    expect(wb.state).toMatchObject({ done: false, running: undefined });

    wb.edit({ 'client.ts': solution });
    await wb.run('check');
    expect(wb.state.done).toBe(true);
    await runtime.teardown();
  });
});

// The workbench controller without a browser: saving and the done mark in a store, two tabs
// on one exercise, Reset, applying and restoring the solution, and boot and runs on the real local runtime (a
// workshop server on loopback running the real harness against Paper Trail).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createController,
  type WorkbenchController,
  type WorkbenchEvent,
} from '../../components/workbench/controller.ts';
import { workbenchData } from '../../components/workbench/load.ts';
import { progressKey, type ProgressStore } from '../../components/workbench/progress.ts';
import { loadExercise } from '../../sandbox/exercises/loader.ts';
import { LocalRuntime } from '../../sandbox/runtime/page/local-client.ts';
import {
  EXERCISES_ROOT,
  startTestWorkshop,
  type TestWorkshop,
} from '../runtime/workshop-fixture.ts';

const ID = 'raw-client';
const exercise = loadExercise(EXERCISES_ROOT, ID);
const data = workbenchData(exercise);
const starter = data.editable[0].starter;
const solution = readFileSync(join(exercise.dir, 'solution', 'client.ts'), 'utf8');

/** A Storage holding strings in a Map; `full` makes writes fail as a full quota does. */
class MemoryStore implements ProgressStore {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  saved(): { files: Record<string, string>; done: boolean } | undefined {
    const raw = this.items.get(progressKey(ID));
    return raw ? JSON.parse(raw) : undefined;
  }
}

const noRuntime = () => Promise.reject(new Error('no runtime in this test'));
const SAVE_MS = 20;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function record(wb: WorkbenchController): WorkbenchEvent[] {
  const seen: WorkbenchEvent[] = [];
  wb.subscribe((e) => seen.push(e));
  return seen;
}

describe('saving', () => {
  it('starts from the starter, then from what was saved', async () => {
    const store = new MemoryStore();
    const first = createController({ data, store, chooseRuntime: noRuntime, saveDelayMs: SAVE_MS });
    expect(first.files()).toEqual({ 'client.ts': starter });
    expect(first.state.hasSolution).toBe(true);
    first.edit({ 'client.ts': '// mine\n' });
    await pause(SAVE_MS * 3);
    const again = createController({ data, store, chooseRuntime: noRuntime });
    expect(again.files()).toEqual({ 'client.ts': '// mine\n' });
  });

  it('saves an edit after the delay, not at each keystroke, and on leaving', async () => {
    const store = new MemoryStore();
    const wb = createController({ data, store, chooseRuntime: noRuntime, saveDelayMs: SAVE_MS });
    wb.edit({ 'client.ts': 'a' });
    wb.edit({ 'client.ts': 'ab' });
    expect(store.saved()).toBeUndefined();
    await pause(SAVE_MS * 3);
    expect(store.saved()).toEqual({ files: { 'client.ts': 'ab' }, done: false });
    wb.edit({ 'client.ts': 'abc' });
    wb.leave();
    expect(store.saved()?.files['client.ts']).toBe('abc');
  });

  it('says when the store is full instead of losing the edit silently', async () => {
    const store = new MemoryStore();
    store.full = true;
    const wb = createController({ data, store, chooseRuntime: noRuntime, saveDelayMs: SAVE_MS });
    wb.edit({ 'client.ts': '// lost?\n' });
    await pause(SAVE_MS * 3);
    expect(wb.state.saved).toBe('quota');
    store.full = false;
    wb.edit({ 'client.ts': '// kept\n' });
    wb.leave();
    expect(wb.state.saved).toBe('saved');
  });

  it('replaces code with the starter or the solution at once, and tells the editor', () => {
    const store = new MemoryStore();
    const wb = createController({ data, store, chooseRuntime: noRuntime });
    const seen = record(wb);
    expect(wb.solutionFiles()).toEqual({ 'client.ts': solution });
    wb.applySolution();
    expect(store.saved()?.files['client.ts']).toBe(solution);
    wb.reset();
    expect(store.saved()?.files['client.ts']).toBe(starter);
    const replaced = seen.flatMap((e) => (e.type === 'files' ? [e.files['client.ts']] : []));
    expect(replaced).toEqual([solution, starter]);
  });

  it('keeps the code the solution replaced, across a reload, until it is restored', () => {
    const store = new MemoryStore();
    const wb = createController({ data, store, chooseRuntime: noRuntime });
    wb.edit({ 'client.ts': '// mine\n' });
    wb.leave();
    expect(wb.state.kept).toBe(false);
    wb.applySolution();
    expect(wb.state.kept).toBe(true);
    expect(store.saved()?.files['client.ts']).toBe(solution);
    const reloaded = createController({ data, store, chooseRuntime: noRuntime });
    expect(reloaded.state.kept).toBe(true);
    reloaded.restoreKept();
    expect(store.saved()?.files['client.ts']).toBe('// mine\n');
    expect(reloaded.state.kept).toBe(false);
    expect(createController({ data, store, chooseRuntime: noRuntime }).state.kept).toBe(false);
  });
});

describe('damaged saved progress', () => {
  const damaged = (value: string) => {
    const store = new MemoryStore();
    store.setItem(progressKey(ID), value);
    return store;
  };

  it('keeps what can be kept, names what was left out, and rewrites nothing until asked', () => {
    const raw = JSON.stringify({ files: { 'client.ts': 123, 'notes.txt': 'x' }, done: true });
    const store = damaged(raw);
    const wb = createController({ data, store, chooseRuntime: noRuntime });
    expect(wb.files()).toEqual({ 'client.ts': starter });
    expect(wb.state.done).toBe(true);
    expect(wb.state.discarded).toEqual([
      '"client.ts" (it is not text)',
      '"notes.txt" (not files of this exercise)',
    ]);
    wb.leave();
    expect(store.getItem(progressKey(ID))).toBe(raw);

    wb.reset();
    expect(store.saved()).toEqual({ files: { 'client.ts': starter }, done: true });
    expect(wb.state.discarded).toEqual([]);
  });

  it('starts from the starter when nothing saved can be read', () => {
    for (const raw of ['{"files":', '[]', '"client.ts"']) {
      const wb = createController({ data, store: damaged(raw), chooseRuntime: noRuntime });
      expect(wb.files()).toEqual({ 'client.ts': starter });
      expect(wb.state.done).toBe(false);
      expect(wb.state.discarded).toHaveLength(1);
    }
  });

  it('takes nothing unusable from another tab’s write', () => {
    const store = new MemoryStore();
    const wb = createController({ data, store, chooseRuntime: noRuntime });
    wb.otherTabSaved(JSON.stringify({ files: { 'client.ts': 123 }, done: 'yes' }));
    expect(wb.state.otherTabDiffers).toBe(false);
    expect(wb.state.done).toBe(false);
    expect(wb.files()).toEqual({ 'client.ts': starter });
  });
});

describe('two tabs on one exercise', () => {
  const tabs = () => {
    const store = new MemoryStore();
    const open = () =>
      createController({ data, store, chooseRuntime: noRuntime, saveDelayMs: SAVE_MS });
    return { store, mine: open(), other: open() };
  };
  // What the browser hands the other tabs as a `storage` event's newValue.
  const broadcast = (store: MemoryStore, to: WorkbenchController) =>
    to.otherTabSaved(store.getItem(progressKey(ID)));

  it('warns when the other tab saves different code, and a stale tab never saves over it', () => {
    const { store, mine, other } = tabs();
    other.edit({ 'client.ts': '// typed in the other tab\n' });
    other.leave();
    broadcast(store, mine);
    expect(mine.state.otherTabDiffers).toBe(true);
    mine.leave();
    expect(store.saved()?.files['client.ts']).toBe('// typed in the other tab\n');

    const seen = record(mine);
    mine.takeOtherTabsCode();
    expect(mine.files()['client.ts']).toBe('// typed in the other tab\n');
    expect(seen.some((e) => e.type === 'files')).toBe(true);
    expect(mine.state.otherTabDiffers).toBe(false);
  });

  it('keeps this tab’s code when told to, saving it over the other', () => {
    const { store, mine, other } = tabs();
    other.edit({ 'client.ts': '// theirs\n' });
    other.leave();
    broadcast(store, mine);
    mine.keepMine();
    expect(store.saved()?.files['client.ts']).toBe(starter);
    expect(mine.state.otherTabDiffers).toBe(false);
  });

  it('stays quiet when the other tab saves the same code, and takes its done mark', () => {
    const { store, mine } = tabs();
    store.setItem(progressKey(ID), JSON.stringify({ files: { 'client.ts': starter }, done: true }));
    broadcast(store, mine);
    expect(mine.state.otherTabDiffers).toBe(false);
    expect(mine.state.done).toBe(true);
    mine.edit({ 'client.ts': '// later edit\n' });
    mine.leave();
    expect(store.saved()?.done).toBe(true);
  });
});

describe('on the local runtime', () => {
  let fixture: TestWorkshop;
  beforeAll(async () => {
    fixture = await startTestWorkshop();
  });
  afterAll(() => fixture?.close());

  const local =
    (token = fixture.ws.token) =>
    async () =>
      // Node's fetch sends no Origin of its own; the page on this server would send this one.
      new LocalRuntime({ base: fixture.origin, token, headers: { Origin: fixture.origin } });

  it('boots through named stages to ready', async () => {
    const wb = createController({ data, store: new MemoryStore(), chooseRuntime: local() });
    const stages: string[] = [];
    wb.subscribe((e) => e.type === 'state' && e.state.stage && stages.push(e.state.stage));
    await wb.boot();
    expect(wb.state.phase).toBe('ready');
    expect(wb.state.runtime).toBe('local');
    expect(stages.at(-1)).toBe('ready');
    // The page can say what runs the code and how long each stage took.
    expect(wb.state.about?.node).toBe(process.version);
    expect(wb.state.bootTiming?.stages.map((s) => s.stage)).toEqual([
      'booting',
      'mounting',
      'checking-node',
    ]);
    expect(wb.state.bootTiming?.totalMs).toBeGreaterThan(0);
  });

  it('reports why a boot failed, and can try again', async () => {
    let tries = 0;
    const wb = createController({
      data,
      store: new MemoryStore(),
      chooseRuntime: () => local(tries++ === 0 ? 'wrong' : fixture.ws.token)(),
    });
    const seen = record(wb);
    await wb.boot();
    expect(wb.state.phase).toBe('failed');
    expect(wb.state.failure?.reason).toBe('unauthorised');
    expect(seen.filter((e) => e.type === 'boot-failed')).toHaveLength(1);
    // The runtime is chosen once: a second boot reuses the one whose token was refused.
    await wb.boot();
    expect(tries).toBe(1);
    expect(wb.state.failure?.reason).toBe('unauthorised');
  });

  it('checks the saved edit, streams the events, and marks the exercise done', async () => {
    const store = new MemoryStore();
    const wb = createController({ data, store, chooseRuntime: local(), saveDelayMs: 60_000 });
    await wb.boot();
    const seen = record(wb);
    wb.edit({ 'client.ts': solution });
    await wb.run('check');
    // The unsaved edit was saved before the run took it.
    expect(store.saved()).toEqual({ files: { 'client.ts': solution }, done: true });
    const events = seen.flatMap((e) => (e.type === 'harness' ? [e.event] : []));
    expect(events.filter((e) => e.type === 'frame').length).toBeGreaterThan(5);
    const checks = events.filter((e) => e.type === 'check');
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'done', passed: true });
    expect(wb.state).toMatchObject({ done: true, running: undefined });
    expect(seen.at(-1)).toEqual({ type: 'run-end', mode: 'check' });
  });

  it('a pass in a stale tab saves the done mark, not its files over the other tab’s', async () => {
    const store = new MemoryStore();
    store.setItem(
      progressKey(ID),
      JSON.stringify({ files: { 'client.ts': solution }, done: false }),
    );
    const [stale, other] = [local(), local()].map((chooseRuntime) =>
      createController({ data, store, chooseRuntime, saveDelayMs: SAVE_MS }),
    );
    const newer = `// newer, typed in the other tab\n${solution}`;
    other.edit({ 'client.ts': newer });
    other.leave();
    await stale.boot();
    await stale.run('check');
    // The stale tab checked the solution it loaded, and that passed.
    expect(stale.state.done).toBe(true);
    expect(store.saved()).toEqual({ files: { 'client.ts': newer }, done: true });
  });

  it('a pass in a tab that changed its code saves the code with the done mark', async () => {
    const store = new MemoryStore();
    const [mine, other] = [local(), local()].map((chooseRuntime) =>
      createController({ data, store, chooseRuntime, saveDelayMs: 60_000 }),
    );
    other.edit({ 'client.ts': '// the other tab\n' });
    other.leave();
    await mine.boot();
    mine.edit({ 'client.ts': solution });
    const checking = mine.run('check');
    // Typed while the check runs, not saved yet: a change of this tab's, so the pass saves it.
    const typed = `${solution}// typed during the check\n`;
    mine.edit({ 'client.ts': typed });
    await checking;
    expect(store.saved()).toEqual({ files: { 'client.ts': typed }, done: true });
  });

  it('runs one at a time, and a failed check does not mark it done', async () => {
    const store = new MemoryStore();
    const wb = createController({ data, store, chooseRuntime: local() });
    await wb.boot();
    const seen = record(wb);
    const first = wb.run('check');
    expect(wb.state.running).toBe('check');
    await wb.run('run');
    await first;
    expect(seen.filter((e) => e.type === 'run-start')).toEqual([
      { type: 'run-start', mode: 'check' },
    ]);
    expect(wb.state.done).toBe(false);
  });

  it('stops a run that would hang', async () => {
    const wb = createController({ data, store: new MemoryStore(), chooseRuntime: local() });
    await wb.boot();
    wb.edit({ 'client.ts': "console.log('waiting forever');\nsetInterval(() => {}, 1000);\n" });
    const seen = record(wb);
    const running = wb.run('run');
    // Stop once the program has printed, as a learner would, long before the time limit.
    await new Promise<void>((resolve) =>
      wb.subscribe((e) => e.type === 'harness' && e.event.type === 'stdout' && resolve()),
    );
    wb.stop();
    await running;
    const last = seen.flatMap((e) => (e.type === 'harness' ? [e.event] : [])).at(-1);
    expect(last).toEqual({ type: 'done', verdict: 'error', summary: 'stopped' });
    expect(wb.state.running).toBeUndefined();
    expect(seen.at(-1)).toEqual({ type: 'run-end', mode: 'run' });
  });
});

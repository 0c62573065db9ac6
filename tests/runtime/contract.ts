// The runtime contract (sandbox/runtime/shared/types.ts) as one suite, run against every Runtime:
// the WebContainer adapter over the fake container and the local runtime over real HTTP.
// Both run the real harness on the real raw-client exercise, and the console's run, which
// needs no exercise.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import type { BootStage, Runtime, RuntimeProcess } from '../../sandbox/runtime/shared/types.ts';
import { consoleProgram } from '../../components/console/console-program.ts';
import { TEMPLATES } from '../../components/console/console-lines.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const exercise = exerciseFolderOf('raw-client', fileURLToPath(new URL('../../', import.meta.url)))!;
export const STARTER = readFileSync(join(exercise.dir, 'starter/client.ts'), 'utf8');
export const SOLUTION = readFileSync(join(exercise.dir, 'solution/client.ts'), 'utf8');
/**
 * The solution with a parameter property, which Node's type stripping refuses and the page's
 * stripper could compile: every runtime, and the CLI, must refuse it the same way.
 */
export const UNERASABLE = `${SOLUTION}\nclass Order {\n  constructor(private id: string) {}\n}\nvoid Order;\n`;
const unerasableLine = UNERASABLE.slice(0, UNERASABLE.indexOf('constructor(private')).split(
  '\n',
).length;
/** The verdict every runtime gives UNERASABLE, before anything runs. */
export const UNERASABLE_DONE = {
  verdict: 'error',
  summary: `nothing was run: client.ts line ${unerasableLine} uses a parameter property, which Node's type stripping cannot run`,
};
export const UNERASABLE_STDERR = `client.ts:${unerasableLine}:15: a parameter property is TypeScript that Node's type stripping cannot run; declare the field in the class body and assign it in the constructor instead\n`;
// It names itself: a pid it printed means nothing here where it runs in a PID namespace.
const HANGS =
  "process.title = 'mcpw-hang-' + Math.random().toString(36).slice(2);\n" +
  'setInterval(() => undefined, 1000);\nconsole.log(`waiting forever as ${process.title}`);\n';

/** A console session's lines: the handshake, then one request. */
const CONSOLE_LINES = [TEMPLATES.initialize(1), TEMPLATES.initialized(), TEMPLATES.list(2)];

/** Is a process with this title (process.title, so its command line) still running? */
function titled(title: string): boolean {
  return readdirSync('/proc').some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) return false;
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(title);
    } catch {
      return false;
    }
  });
}

/** Waits (bounded) for the process that named itself `title` to be gone; true when it is. */
export async function gone(title: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!titled(title)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export async function collect(proc: RuntimeProcess): Promise<HarnessEvent[]> {
  const out: HarnessEvent[] = [];
  for await (const e of proc.events) out.push(e);
  return out;
}

function done(events: HarnessEvent[]) {
  const last = events.at(-1);
  if (last?.type !== 'done') throw new Error(`last event is ${last?.type}, not done`);
  return last;
}

/** Reads a run's events, killing it once HANGS says it waits; its events and the sleeper's marker. */
async function killOnceHanging(proc: {
  events: AsyncIterable<HarnessEvent>;
  kill(): void;
}): Promise<{ events: HarnessEvent[]; pid: string }> {
  const events: HarnessEvent[] = [];
  let pid = '';
  for await (const e of proc.events) {
    events.push(e);
    const m = e.type === 'stdout' ? /waiting forever as (mcpw-hang-\w+)/.exec(e.text) : null;
    if (m) {
      pid = m[1]!;
      proc.kill();
    }
  }
  return { events, pid };
}

export function runtimeContract(name: string, make: () => Promise<Runtime>): void {
  describe(`Runtime contract: ${name}`, () => {
    let runtime: Runtime | undefined;
    afterEach(async () => {
      await runtime?.teardown();
      runtime = undefined;
    });
    const fresh = async () => (runtime = await make());
    const booted = async () => {
      const r = await fresh();
      await r.boot();
      return r;
    };

    it('refuses mount and spawn before boot', async () => {
      const r = await fresh();
      await expect(r.mount('raw-client', { 'client.ts': SOLUTION })).rejects.toThrow(/boot/);
      await expect(r.spawn('raw-client', 'run')).rejects.toThrow(/boot/);
      await expect(r.console(consoleProgram([]))).rejects.toThrow(/boot/);
    });

    it('reports the named boot stages in order, and a second boot is a no-op', async () => {
      const r = await fresh();
      const stages: BootStage[] = [];
      await r.boot((s) => stages.push(s));
      expect(stages).toEqual(['booting', 'mounting', 'checking-node', 'ready']);
      const again: BootStage[] = [];
      await r.boot((s) => again.push(s));
      expect(again).toEqual([]);
    });

    it('checks the starter: checks run, some fail, done says not passed', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': STARTER });
      const events = await collect(await r.spawn('raw-client', 'check'));
      const checks = events.filter((e) => e.type === 'check');
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.some((c) => !c.ok)).toBe(true);
      expect(done(events).passed).toBe(false);
    });

    it('checks the solution: every check passes and exit resolves 0', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': SOLUTION });
      const proc = await r.spawn('raw-client', 'check');
      const events = await collect(proc);
      const failed = events.filter((e) => e.type === 'check' && !e.ok);
      expect(failed).toEqual([]);
      expect(done(events)).toMatchObject({ verdict: 'completed', passed: true });
      expect(await proc.exit).toBe(0);
    });

    it('runs: frames in both directions and the program output, no checks', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': SOLUTION });
      const events = await collect(await r.spawn('raw-client', 'run'));
      const frames = events.filter((e) => e.type === 'frame');
      expect(frames[0]).toMatchObject({ seq: 0, dir: 'c2s' });
      expect(JSON.parse(frames[0].text)).toMatchObject({ method: 'initialize' });
      expect(frames.some((f) => f.dir === 's2c')).toBe(true);
      expect(events.some((e) => e.type === 'stdout' && e.source === 'learner')).toBe(true);
      expect(events.some((e) => e.type === 'check')).toBe(false);
      expect(done(events).verdict).toBe('completed');
    });

    it('refuses TypeScript Node cannot strip before anything runs, naming the line', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': UNERASABLE });
      const events = await collect(await r.spawn('raw-client', 'check'));
      expect(done(events)).toMatchObject(UNERASABLE_DONE);
      const stderr = events.filter((e) => e.type === 'stderr').map((e) => e.text);
      expect(stderr).toEqual([UNERASABLE_STDERR]);
      expect(events.some((e) => e.type === 'frame' || e.type === 'check')).toBe(false);
    });

    it('uses the files mounted last', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': SOLUTION });
      await r.mount('raw-client', { 'client.ts': 'console.log("second version");\n' });
      const events = await collect(await r.spawn('raw-client', 'run'));
      const out = events.filter((e) => e.type === 'stdout').map((e) => e.text);
      expect(out.join('')).toContain('second version');
    });

    it('refuses a file the exercise does not make editable', async () => {
      const r = await booted();
      let refused: string;
      try {
        await r.mount('raw-client', { '../escape.ts': 'x' });
        const events = await collect(await r.spawn('raw-client', 'run'));
        const last = done(events);
        expect(last.verdict).toBe('error');
        refused = last.summary;
      } catch (err) {
        refused = (err as Error).message;
      }
      expect(refused).toContain('not an editable file');
    });

    it('kill ends a run that would hang, leaves no process behind, and still ends with done', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': HANGS });
      const proc = await r.spawn('raw-client', 'run');
      const { events, pid } = await killOnceHanging(proc);
      expect(done(events).verdict).not.toBe('completed');
      expect(await proc.exit).toBeTypeOf('number');
      // The learner's process went with the run: nothing is left running unobserved.
      expect(pid).not.toBe('');
      expect(await gone(pid)).toBe(true);
    });

    it('one run at a time: a second spawn ends the first, which still ends with done', async () => {
      const r = await booted();
      await r.mount('raw-client', { 'client.ts': HANGS });
      const first = await r.spawn('raw-client', 'run');
      // Read the first run by hand: leaving a for-await loop would end its iteration.
      const reading = first.events[Symbol.asyncIterator]();
      const firstEvents: HarnessEvent[] = [];
      let pid = '';
      while (pid === '') {
        const next = await reading.next();
        if (next.done) break;
        firstEvents.push(next.value);
        const m =
          next.value.type === 'stdout'
            ? /waiting forever as (mcpw-hang-\w+)/.exec(next.value.text)
            : null;
        if (m) pid = m[1]!;
      }
      expect(pid).not.toBe('');

      await r.mount('raw-client', { 'client.ts': SOLUTION });
      const second = await r.spawn('raw-client', 'check');
      for (let next = await reading.next(); !next.done; next = await reading.next()) {
        firstEvents.push(next.value);
      }
      expect(done(firstEvents).verdict).not.toBe('completed');
      expect(await gone(pid)).toBe(true);
      expect(done(await collect(second)).passed).toBe(true);
    });

    it('runs a console session: the lines reach Paper Trail as typed, its answers come back', async () => {
      const r = await booted();
      const events = await collect(await r.console(consoleProgram(CONSOLE_LINES)));
      const frames = events.filter((e) => e.type === 'frame');
      expect(frames.filter((f) => f.dir === 'c2s').map((f) => f.text)).toEqual(CONSOLE_LINES);
      const answers = frames.filter((f) => f.dir === 's2c').map((f) => JSON.parse(f.text));
      expect(answers.map((a: { id?: unknown }) => a.id)).toEqual([1, 2]);
      expect(events.some((e) => e.type === 'check')).toBe(false);
      expect(done(events)).toMatchObject({ verdict: 'completed', summary: 'the session finished' });
    });

    it('kill ends a console session that would hang, and leaves no process behind', async () => {
      const r = await booted();
      const proc = await r.console(HANGS);
      const { events, pid } = await killOnceHanging(proc);
      expect(done(events).verdict).not.toBe('completed');
      expect(pid).not.toBe('');
      expect(await gone(pid)).toBe(true);
    });

    it('refuses to spawn after teardown, and can boot again', async () => {
      const r = await booted();
      await r.teardown();
      await expect(r.spawn('raw-client', 'run')).rejects.toThrow(/boot/);
      await r.boot();
      await r.mount('raw-client', { 'client.ts': SOLUTION });
      const events = await collect(await r.spawn('raw-client', 'check'));
      expect(done(events).passed).toBe(true);
    });
  });
}

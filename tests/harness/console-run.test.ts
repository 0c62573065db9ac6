// The harness's console run on its own: its limits are a console's (silence and output end
// it, not an exercise's time limit), it leaves no process or folder behind, and a workspace
// without its program is a verdict, not a crash.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { CONSOLE_LIMITS, CONSOLE_PROGRAM } from '../../sandbox/harness/console-limits.ts';
import { runConsole, type ConsoleOptions } from '../../sandbox/harness/console-run.ts';
import { gone } from '../runtime/contract.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

async function consoleRun(
  program: string | undefined,
  limits?: ConsoleOptions['limits'],
): Promise<{ events: HarnessEvent[]; done: HarnessEvent & { type: 'done' }; workRoot: string }> {
  const workspace = mkdtempSync(join(tmpdir(), 'mcpw-console-run-'));
  folders.push(workspace);
  if (program !== undefined) writeFileSync(join(workspace, CONSOLE_PROGRAM), program);
  const workRoot = join(workspace, 'work');
  const events: HarnessEvent[] = [];
  await runConsole({ workspace, workRoot, limits }, (e) => events.push(e));
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`last event is ${done?.type}, not done`);
  return { events, done, workRoot };
}

// Paper Trail started and then left alone: the client says nothing, and neither does it.
const SILENT = `
import { spawn } from 'node:child_process';
const [command, ...args] = process.argv.slice(2);
process.title = 'mcpw-silent-' + Math.random().toString(36).slice(2);
spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
console.log('silent as ' + process.title);
setInterval(() => undefined, 1000);
`;

const SECRET = 'MCPW_TEST_CONSOLE_SECRET';
// Every environment it can read in /proc, its parent's first (the harness, were it in sight).
const READS_ENVIRON = `
import { readdirSync, readFileSync } from 'node:fs';
const seen = new Set();
for (const pid of [String(process.ppid), ...readdirSync('/proc').filter((p) => /^\\d+$/.test(p))]) {
  try {
    for (const entry of readFileSync('/proc/' + pid + '/environ', 'utf8').split('\\0')) {
      if (entry) seen.add(entry);
    }
  } catch {}
}
for (const entry of seen) console.log('SEEN ' + entry);
`;

describe('the console run', () => {
  it('ends a session that goes quiet at its idle limit, naming that limit, leaving nothing behind', async () => {
    const started = performance.now();
    const { events, done, workRoot } = await consoleRun(SILENT, { idleMs: 800 });
    expect(performance.now() - started).toBeLessThan(CONSOLE_LIMITS.timeoutMs);
    expect(done).toMatchObject({
      verdict: 'timeout',
      summary: 'the session was stopped after 0.8 s with nothing on the wire',
    });
    const said = events.flatMap((e) => (e.type === 'stdout' ? [e.text] : [])).join('');
    const title = /silent as (mcpw-silent-\w+)/.exec(said)?.[1];
    expect(title).toBeDefined();
    expect(await gone(title!)).toBe(true);
    expect(existsSync(workRoot) ? readdirSync(workRoot) : []).toEqual([]);
  }, 20_000);

  it('is not stopped by silence while the output keeps coming, only at its own time limit', async () => {
    const chatty = "setInterval(() => console.log('tick'), 100);\n";
    const { done } = await consoleRun(chatty, { idleMs: 600, timeoutMs: 2_000 });
    expect(done).toMatchObject({
      verdict: 'timeout',
      summary: 'the session was stopped at its 2 s limit',
    });
  }, 20_000);

  it('stops a session that prints more than a console shows', async () => {
    const flood = "setInterval(() => console.log('x'.repeat(8191)), 5);\n";
    const { done } = await consoleRun(flood, { maxOutputBytes: 64 * 1024 });
    expect(done).toMatchObject({
      verdict: 'output-limit',
      summary: 'the session was stopped for writing too much output',
    });
  }, 20_000);

  it('contains its program as an exercise run does: no environment of the harness in its /proc', async () => {
    process.env[SECRET] = 'do-not-leak';
    try {
      const { events } = await consoleRun(READS_ENVIRON);
      const seen = events
        .flatMap((e) => (e.type === 'stdout' ? [e.text] : []))
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('SEEN '));
      expect(seen.some((l) => l.startsWith('SEEN PATH='))).toBe(true);
      expect(seen.filter((l) => l.includes(SECRET) || l.includes('VITEST'))).toEqual([]);
    } finally {
      delete process.env[SECRET];
    }
  }, 20_000);

  it('says so when the workspace holds no program, and runs nothing', async () => {
    const { events, done } = await consoleRun(undefined);
    expect(events).toHaveLength(1);
    expect(done.verdict).toBe('error');
    expect(done.summary).toContain(CONSOLE_PROGRAM);
  });
});

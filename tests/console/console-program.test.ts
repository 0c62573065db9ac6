// The wire console's program, run by the harness's console run against the real
// Paper Trail: typed lines reach the server byte for byte (a line that is not JSON too), and
// the frames come back in the order a long-lived session would show them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFrame } from '../../sandbox/wire/read.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';
import {
  consoleProgram,
  heardAfterEach,
  MAX_LINES,
  WAITS_MS,
} from '../../components/console/console-program.ts';
import { TEMPLATES } from '../../components/console/console-lines.ts';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { CONSOLE_LIMITS, CONSOLE_PROGRAM } from '../../sandbox/harness/console-limits.ts';
import { runConsole } from '../../sandbox/harness/console-run.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

async function session(
  lines: string[],
  heard: number[] = [],
): Promise<{ frames: FrameRecord[]; stderr: string; ms: number }> {
  const workspace = mkdtempSync(join(tmpdir(), 'mcpw-console-'));
  folders.push(workspace);
  writeFileSync(join(workspace, CONSOLE_PROGRAM), consoleProgram(lines, heard));
  const events: HarnessEvent[] = [];
  const started = performance.now();
  await runConsole({ workspace, workRoot: join(workspace, 'work') }, (e) => events.push(e));
  const done = events.at(-1);
  expect(
    done?.type === 'done' && done.verdict,
    JSON.stringify(events.filter((e) => e.type !== 'frame')),
  ).toBe('completed');
  return {
    ms: performance.now() - started,
    frames: events.flatMap((e) => (e.type === 'frame' ? [e] : [])),
    stderr: events.map((e) => (e.type === 'stderr' && e.source === 'peer' ? e.text : '')).join(''),
  };
}

describe('the wire console program', () => {
  it('sends typed lines as they are and records every reply in order', async () => {
    const lines = [
      TEMPLATES.initialize(1),
      TEMPLATES.initialized(),
      TEMPLATES.call(2, 'PT-9999'),
      '{"jsonrpc":"2.0","id":3,"method":"tools/lst"}',
      '{"jsonrpc": "2.0", oops',
      '"quote \\" </script> \u2028 é"',
    ];
    const { frames, stderr } = await session(lines);
    const sent = frames.filter((f) => f.dir === 'c2s').map((f) => f.text);
    expect(sent).toEqual(lines);

    const replies = frames.filter((f) => f.dir === 's2c').map((f) => readFrame(f));
    expect(replies.map((r) => [r.id ?? null, r.failureKind])).toEqual([
      [1, 'ok'],
      [2, 'tool-error'],
      [3, 'protocol-error'],
    ]);
    const last = replies[2]?.message;
    expect(last?.kind === 'error' && last.error.code).toBe(-32601);
    // Each reply follows the line it answers. The SDK's stdio reader answers no -32700: a
    // line that is not JSON (or not a message) is dropped and told to the server's stderr,
    // which is what the console's page says will happen.
    expect(frames.map((f) => f.dir).join(' ')).toBe('c2s s2c c2s c2s s2c c2s s2c c2s c2s');
    expect(stderr).toContain('Expected double-quoted property name');
  }, 20_000);

  it('replays earlier lines by what they brought last time: the same frames, without the waits for quiet', async () => {
    const lines = [
      TEMPLATES.initialize(1),
      TEMPLATES.initialized(),
      TEMPLATES.list(2),
      TEMPLATES.call(3, 'PT-1041'),
      TEMPLATES.list(4),
      TEMPLATES.call(5, 'PT-9999'),
      '{"jsonrpc":"2.0","id":6,"method":"ping"}',
      TEMPLATES.list(7),
    ];
    const fresh = await session(lines);
    const heard = heardAfterEach(fresh.frames.map((f) => f.dir));
    expect(heard).toEqual([1, 0, 1, 1, 1, 1, 1, 1]);
    // The last line is the new one: it alone waits for quiet.
    const replayed = await session(lines, heard.slice(0, -1));
    expect(replayed.frames.map((f) => [f.dir, f.text])).toEqual(
      fresh.frames.map((f) => [f.dir, f.text]),
    );
    // Seven waits of 150 ms fewer, less whatever the machine's load takes back.
    expect(fresh.ms - replayed.ms).toBeGreaterThan(500);
  }, 40_000);

  it('counts the server lines after each sent line', () => {
    expect(heardAfterEach(['s2c', 'c2s', 's2c', 's2c', 'c2s', 'c2s', 's2c'])).toEqual([2, 0, 1]);
    expect(heardAfterEach([])).toEqual([]);
  });

  it('refuses a session longer than a run can replay', () => {
    expect(() => consoleProgram(Array.from({ length: MAX_LINES + 1 }, () => '{}'))).toThrow(
      `at most ${MAX_LINES} lines`,
    );
  });

  it('holds its longest session inside the console run, every wait in full', () => {
    const worst = (MAX_LINES - 1) * WAITS_MS.replayed + WAITS_MS.fresh;
    expect(worst).toBeLessThan(CONSOLE_LIMITS.timeoutMs);
    // A new line waits for its reply in silence: the idle limit must outlast that wait.
    expect(WAITS_MS.fresh).toBeLessThan(CONSOLE_LIMITS.idleMs);
  });
});

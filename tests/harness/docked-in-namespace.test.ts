// A learner's server is docked in a PID namespace of its own (process-group.ts with a
// namespace and a stdin): its stdin reaches it through the namespace's init, a signal its
// client passes on reaches the program inside, and its exit is told only once a helper it
// left writing on its stdout has finished.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namespaceAvailable } from '../../sandbox/harness/pid-namespace.ts';
import { ProcessGroup } from '../../sandbox/harness/process-group.ts';

const work = mkdtempSync(join(tmpdir(), 'mcpw-docked-ns-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function start(source: string): ProcessGroup {
  return new ProcessGroup(process.execPath, ['-e', source], work, process.env, {
    stdin: true,
    namespace: { readOnly: work },
  });
}

function collect(group: ProcessGroup): { text: () => string } {
  let out = '';
  group.child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { text: () => out };
}

function exited(group: ProcessGroup): Promise<[number | null, string | null]> {
  return new Promise((resolve) =>
    group.child.once('exit', (code, signal) => resolve([code, signal])),
  );
}

/** How many live processes carry `mark` on their command line. */
function running(mark: string): number {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(mark);
      } catch {
        return false;
      }
    }).length;
}

describe('a server docked in a namespace', () => {
  it('runs where this machine gives namespaces (as CI does)', () => {
    expect(namespaceAvailable()).toBe(true);
  });

  it('reads its stdin through the init, and its exit waits for a helper on its stdout', async () => {
    const group = start(`
      const { spawn } = require('node:child_process');
      process.stdin.once('data', (d) => {
        process.stdout.write('got ' + d);
        // A helper that shares stdout and writes after the server has gone.
        spawn(process.execPath, ['-e', 'setTimeout(() => console.log("helper done"), 400)'], {
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        process.exit(0);
      });`);
    const out = collect(group);
    const exit = exited(group);
    group.stdin!.write('hello\n');
    expect(await exit).toEqual([0, null]);
    await group.settled();
    expect(out.text()).toBe('got hello\nhelper done\n');
    group.release();
  });

  it('gets a signal passed on to it, inside the namespace', async () => {
    const group = start(`
      process.on('SIGTERM', () => { console.log('term'); process.exit(7); });
      console.log('ready');
      setInterval(() => {}, 1000);`);
    const out = collect(group);
    const exit = exited(group);
    await new Promise<void>((resolve) => group.child.stdout.once('data', () => resolve()));
    group.signal('SIGTERM');
    expect(await exit).toEqual([7, null]);
    await group.settled();
    expect(out.text()).toBe('ready\nterm\n');
    group.release();
  });

  it('lets go of a daemon that no longer holds its pipes: it ends with the namespace', async () => {
    const mark = `mcpw-ns-daemon-${process.pid}-${Date.now()}`;
    const group = start(`
      const { spawn } = require('node:child_process');
      spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${mark}'], {
        stdio: 'ignore',
        detached: true,
      }).unref();
      setTimeout(() => process.exit(0), 200);`);
    expect(await exited(group)).toEqual([0, null]);
    expect(running(mark)).toBe(1);
    await group.settled();
    await group.untilGone();
    expect(running(mark)).toBe(0);
    group.release();
  });
});

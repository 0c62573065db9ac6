// The workshop's standby harness (sandbox/runtime/server/standby.ts): started when the page
// pings, handed the next run's arguments, replaced once that run is over, never used twice,
// replaced by a fresh harness when it died, and gone with the server. Real HTTP, the real
// harness program, real processes.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { standbyArgs } from '../../sandbox/harness/standby-args.ts';
import { StandbyHarness } from '../../sandbox/runtime/server/standby.ts';
import { Readable } from 'node:stream';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import {
  EXERCISES_ROOT,
  HARNESS_MAIN,
  startEndpointServer,
  type EndpointServer,
} from '../hostile/endpoint-server.ts';
import { cmdline, descendantsOf } from '../hostile/procs.ts';
import { rawRequest } from './http.ts';
import { exerciseFolderOf } from '../../sandbox/course/exercise-folders.ts';

const RAW_CLIENT = exerciseFolderOf('raw-client', EXERCISES_ROOT)!.dir;
const SOLUTION = readFileSync(join(RAW_CLIENT, 'solution/client.ts'), 'utf8');
const CHECK = { exercise: 'raw-client', mode: 'check', files: { 'client.ts': SOLUTION } };

let server: EndpointServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The harnesses of this test process waiting on standby, by pid. */
function standbys(): number[] {
  return descendantsOf(process.pid)
    .filter((p) => cmdline(p.pid).includes(`${HARNESS_MAIN} --standby`))
    .map((p) => p.pid);
}

async function until<T>(what: string, probe: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const oneStandby = () => {
  const pids = standbys();
  return pids.length === 1 ? pids[0] : undefined;
};

async function ping(s: EndpointServer): Promise<void> {
  const res = await rawRequest(`http://127.0.0.1:${s.port}/__runtime/ping`, {
    method: 'POST',
    headers: s.headers,
    body: '{}',
  });
  expect(res.status).toBe(200);
}

const done = (events: HarnessEvent[]) => events.filter((e) => e.type === 'done');

describe('the standby harness', () => {
  it('waits from the first ping, runs the next check, and is replaced once it is over', async () => {
    server = await startEndpointServer({ standby: true });
    expect(standbys()).toEqual([]);
    await ping(server);
    const first = await until('a standby harness', oneStandby);
    // A second ping does not start a second one.
    await ping(server);
    expect(standbys()).toEqual([first]);

    const { status, events } = await server.run(CHECK);
    expect(status).toBe(200);
    expect(done(events)).toEqual([expect.objectContaining({ passed: true })]);
    // The standby ran this check: it is gone, and another waits for the next run.
    const second = await until('the next standby', () => {
      const pid = oneStandby();
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(second).not.toBe(first);

    const again = await server.run(CHECK);
    expect(done(again.events)).toEqual([expect.objectContaining({ passed: true })]);
  });

  it('starts a fresh harness when the standby has died', async () => {
    server = await startEndpointServer({ standby: true });
    await ping(server);
    const pid = await until('a standby harness', oneStandby);
    process.kill(pid, 'SIGKILL');
    await until('the standby to be gone', () => (standbys().length === 0 ? true : undefined));
    const { events } = await server.run(CHECK);
    expect(done(events)).toEqual([expect.objectContaining({ passed: true })]);
  });

  it('gives a standby that does not answer its time, then runs afresh and ends it', async () => {
    server = await startEndpointServer({ standby: { takenWithinMs: 500 } });
    await ping(server);
    const pid = await until('a standby harness', oneStandby);
    process.kill(pid, 'SIGSTOP');
    const { events } = await server.run(CHECK);
    expect(done(events)).toEqual([expect.objectContaining({ passed: true })]);
    await until('the stuck standby to be ended', () =>
      descendantsOf(process.pid).some((p) => p.pid === pid && p.state !== 'Z') ? undefined : true,
    );
  });

  it('ends the harness of a run whose page went away while a standby was being asked', async () => {
    server = await startEndpointServer({ standby: { takenWithinMs: 1_000 } });
    await ping(server);
    const pid = await until('a standby harness', oneStandby);
    process.kill(pid, 'SIGSTOP');
    const abort = new AbortController();
    const gone = fetch(`http://127.0.0.1:${server.port}/__runtime/run`, {
      method: 'POST',
      headers: server.headers,
      body: JSON.stringify(CHECK),
      signal: abort.signal,
    }).catch(() => 'aborted');
    await new Promise((r) => setTimeout(r, 300));
    abort.abort();
    expect(await gone).toBe('aborted');
    // The fresh harness that replaces the stuck standby arrives stopped, and is ended at once
    // (the next standby, started once the run is over, is not part of the run).
    const harnesses = () =>
      descendantsOf(process.pid).filter(
        (p) =>
          p.state !== 'Z' &&
          cmdline(p.pid).includes(HARNESS_MAIN) &&
          !cmdline(p.pid).includes('--standby'),
      );
    // The run is over once the next standby starts (the endpoint starts it when a run ends):
    // by then the stuck standby was given up on, and the fresh harness ended.
    await until('the run to be over', () => {
      const next = oneStandby();
      return next !== undefined && next !== pid ? next : undefined;
    });
    expect(harnesses()).toEqual([]);
  });

  it('is ended with the server: stopAll leaves no harness behind', async () => {
    const s = await startEndpointServer({ standby: true });
    await ping(s);
    const pid = await until('a standby harness', oneStandby);
    await s.close();
    expect(standbys()).toEqual([]);
    expect(descendantsOf(process.pid).map((p) => p.pid)).not.toContain(pid);
    // Closed: a late ping starts none.
    server = undefined;
  });

  it('is not used by an endpoint that starts each harness afresh', async () => {
    server = await startEndpointServer();
    await ping(server);
    await new Promise((r) => setTimeout(r, 300));
    expect(standbys()).toEqual([]);
  });
});

describe('taking a standby', () => {
  /** A warmed standby, once its process is up (its checks may still be loading). */
  async function warmed(): Promise<{ standby: StandbyHarness; pid: number }> {
    const standby = new StandbyHarness(process.execPath, HARNESS_MAIN);
    standby.warm();
    const pid = await until('a standby harness', oneStandby);
    return { standby, pid };
  }
  const RUN_ARGS = ['--exercise', 'raw-client', '--mode', 'run', '--solution'];

  it('hands over the waiting harness, which then runs', async () => {
    const { standby, pid } = await warmed();
    const child = await standby.take(RUN_ARGS);
    expect(child?.pid).toBe(pid);
    let out = '';
    child!.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise((r) => child!.once('close', r));
    expect(code).toBe(0);
    expect(out).toContain('"type":"done"');
    await standby.close();
  });

  it('does not hand over a harness older than a change to a check, and ends it', async () => {
    const { standby, pid } = await warmed();
    const check = join(RAW_CLIENT, 'check.ts');
    const { atime, mtime } = statSync(check);
    utimesSync(check, new Date(), new Date());
    try {
      expect(await standby.take(RUN_ARGS)).toBeUndefined();
    } finally {
      utimesSync(check, atime, mtime);
    }
    await until('the old standby to be ended', () =>
      descendantsOf(process.pid).some((p) => p.pid === pid && p.state !== 'Z') ? undefined : true,
    );
    await standby.close();
  });
});

describe('a harness started on standby', () => {
  it('exits quietly when its stdin ends without a run', () => {
    const r = spawnSync(process.execPath, [HARNESS_MAIN, '--standby'], {
      input: '',
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('takes its arguments as one JSON line and refuses anything else', async () => {
    await expect(
      standbyArgs(Readable.from(['["--exercise",', '"raw-client"]\n'])),
    ).resolves.toEqual(['--exercise', 'raw-client']);
    await expect(standbyArgs(Readable.from(['{"exercise":"raw-client"}\n']))).rejects.toThrow(
      /JSON array of strings/,
    );
    await expect(standbyArgs(Readable.from([]))).resolves.toBeUndefined();
  });
});

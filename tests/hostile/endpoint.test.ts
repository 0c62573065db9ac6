// The local runtime endpoint against a harness that crashes and against clients that send
// headers and then no body, over real HTTP with real child processes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STDERR_TAIL_CHARS } from '../../sandbox/runtime/server/harness-run.ts';
import { SENTINEL_MARK } from '../../sandbox/runtime/shared/sentinel.ts';
import { BODY_DEADLINE_MS } from '../../sandbox/runtime/server/request-body.ts';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';
import { rawHttp } from './raw-socket.ts';

const RUN = { exercise: 'raw-client', mode: 'check', files: {} };

type Done = Extract<HarnessEvent, { type: 'done' }>;
const dones = (events: HarnessEvent[]) => events.filter((e): e is Done => e.type === 'done');

/**
 * A fake harness's first lines: it reads the run's nonce from stdin, as the real one does
 * (--nonce-stdin), and says its events behind the run's sentinel (signed-events.ts).
 */
const SIGNS = `
const nonce = await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => {
    text += chunk;
    if (text.includes('\\n')) { process.stdin.destroy(); resolve(text.split('\\n')[0]); }
  });
});
const say = (event) => process.stdout.write(${JSON.stringify(SENTINEL_MARK)} + nonce + ':' + JSON.stringify(event) + '\\n');
`;

// Each fake harness is a whole program the endpoint starts in place of sandbox/harness/main.ts.
const CRASHES: {
  name: string;
  program: string;
  says: RegExp[];
  /** A harness killed outright may have been killed by the learner's program or the OOM killer. */
  maybeTheLearners?: true;
}[] = [
  {
    name: 'throws at once (exit code 1, the code Node gives an uncaught error)',
    program: `throw new Error('harness bug: the registry is empty');`,
    says: [/harness crashed \(exit code 1\)/, /harness bug: the registry is empty/],
  },
  {
    name: 'exits 3 without a word',
    program: `process.exit(3);`,
    says: [/harness crashed \(exit code 3\)/, /printed no error output/],
  },
  {
    name: 'is killed by a signal after its first events',
    program:
      SIGNS +
      `say({ type: 'stdout', source: 'learner', text: 'hi' });\n` +
      `setTimeout(() => process.kill(process.pid, 'SIGKILL'), 50);`,
    says: [/harness running your code was killed \(SIGKILL\)/, /run it again/],
    maybeTheLearners: true,
  },
  {
    name: 'floods stderr, then throws',
    // The throw waits for the flood to be written, so the last words come last.
    program:
      `process.stderr.write('noise '.repeat(50_000) + '\\n', () => {\n` +
      `  throw new Error('the last words');\n` +
      `});`,
    says: [/harness crashed \(exit code 1\)/, /the last words/, /…/],
  },
];

describe('a harness that crashes', () => {
  let folder: string;
  let server: EndpointServer | undefined;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcpw-fake-harness-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function fakeHarness(name: string, program: string): string {
    const file = join(folder, `${name.replace(/\W+/g, '-')}.mjs`);
    writeFileSync(file, program);
    return file;
  }

  it.each(CRASHES)('ends the stream with an error verdict when it $name', async (c) => {
    server = await startEndpointServer({ harnessMain: fakeHarness(c.name, c.program) });
    const { status, events, raw } = await server.run(RUN);
    expect(status).toBe(200);
    const done = dones(events);
    expect(done, `the answer was:\n${raw}`).toHaveLength(1);
    expect(events.at(-1)).toBe(done[0]);
    expect(done[0].verdict).toBe('error');
    for (const words of c.says) expect(done[0].summary).toMatch(words);
    expect(done[0].summary).toMatch(
      c.maybeTheLearners ? /kills the processes/ : /not in your code/,
    );
    // The quoted stderr is bounded, whatever the harness printed.
    expect(done[0].summary.length).toBeLessThan(STDERR_TAIL_CHARS + 400);
  });

  it('passes events through before the crash', async () => {
    const c = CRASHES[2];
    server = await startEndpointServer({ harnessMain: fakeHarness(c.name, c.program) });
    const { events } = await server.run(RUN);
    expect(events[0]).toEqual({ type: 'stdout', source: 'learner', text: 'hi' });
  });

  it('adds nothing when the harness gave its own verdict before failing', async () => {
    const program =
      SIGNS +
      `say({ type: 'done', verdict: 'completed', passed: false, summary: 'own' });\n` +
      `process.exit(1);`;
    server = await startEndpointServer({ harnessMain: fakeHarness('done-then-exit', program) });
    const { events } = await server.run(RUN);
    expect(dones(events)).toEqual([
      { type: 'done', verdict: 'completed', passed: false, summary: 'own' },
    ]);
  });
});

describe('request bodies that never arrive', () => {
  let server: EndpointServer;
  const sockets: Socket[] = [];
  let drip: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    server = await startEndpointServer();
  });
  afterAll(async () => {
    clearInterval(drip);
    for (const s of sockets) s.destroy();
    await server.close();
  });

  function headOnly(length: number): string {
    const lines = Object.entries({ ...server.headers, 'content-length': String(length) }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    return `POST /__runtime/run HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
  }

  it('shrugs off a client that leaves halfway through its body', async () => {
    const leaver = connect(server.port, '127.0.0.1');
    sockets.push(leaver);
    leaver.on('error', () => undefined);
    await new Promise<void>((resolve) => leaver.once('connect', () => resolve()));
    leaver.write(headOnly(1_000) + '{"exercise":');
    await new Promise((r) => setTimeout(r, 100));
    leaver.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const ping = await rawHttp(
      server.port,
      `POST /__runtime/ping HTTP/1.1\r\n${Object.entries(server.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
    );
    expect(ping.status).toBe(200);
  });

  it('answers 408 within the bound and lets a real run through meanwhile', async () => {
    const started = Date.now();
    const bound = BODY_DEADLINE_MS + 2_000;
    // More stalled requests than the endpoint has run slots (4).
    const stalled = Array.from({ length: 6 }, () => rawHttp(server.port, headOnly(200), bound));
    // One more that trickles a byte at a time, never finishing within the deadline.
    const trickle = connect(server.port, '127.0.0.1');
    sockets.push(trickle);
    let trickleAnswer = '';
    trickle.on('data', (b: Buffer) => (trickleAnswer += b.toString()));
    trickle.on('error', () => undefined);
    trickle.write(headOnly(10_000));
    drip = setInterval(() => trickle.writable && trickle.write('{'), 200);
    await new Promise((r) => setTimeout(r, 300));

    const run = await server.run({
      exercise: 'raw-client',
      mode: 'run',
      files: { 'client.ts': 'console.log("through");\n' },
    });
    expect(run.status, run.raw).toBe(200);
    expect(dones(run.events)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(BODY_DEADLINE_MS);

    for (const answer of await Promise.all(stalled)) {
      expect(answer.status, answer.text).toBe(408);
      expect(answer.text).toContain(`did not arrive within ${BODY_DEADLINE_MS / 1000} s`);
    }
    await expect.poll(() => trickleAnswer, { timeout: 2_000 }).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(bound);
  });
});

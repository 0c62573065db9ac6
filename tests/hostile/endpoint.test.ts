// The local runtime endpoint against a harness that crashes, over real HTTP with real child
// processes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STDERR_TAIL_CHARS } from '../../sandbox/runtime/local/harness-run.ts';
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { startEndpointServer, type EndpointServer } from './endpoint-server.ts';

const RUN = { exercise: 'raw-client', mode: 'check', files: {} };

type Done = Extract<HarnessEvent, { type: 'done' }>;
const dones = (events: HarnessEvent[]) => events.filter((e): e is Done => e.type === 'done');

// Each fake harness is a whole program the endpoint starts in place of sandbox/harness/main.ts.
const CRASHES: {
  name: string;
  program: string;
  says: RegExp[];
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
      `process.stdout.write(JSON.stringify({ type: 'stdout', source: 'learner', text: 'hi' }) + '\\n');\n` +
      `setTimeout(() => process.kill(process.pid, 'SIGKILL'), 50);`,
    says: [/harness crashed \(killed by SIGKILL\)/],
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
    expect(done[0].summary).toMatch(/not in your code/);
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
      `process.stdout.write(JSON.stringify({ type: 'done', verdict: 'completed', passed: false, summary: 'own' }) + '\\n');\n` +
      `process.exit(1);`;
    server = await startEndpointServer({ harnessMain: fakeHarness('done-then-exit', program) });
    const { events } = await server.run(RUN);
    expect(dones(events)).toEqual([
      { type: 'done', verdict: 'completed', passed: false, summary: 'own' },
    ]);
  });
});

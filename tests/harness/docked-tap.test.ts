// A server docked with the harness (harness/dock.ts, the program reaching it through the
// connector: Paper Trail, or a learner's server) records what the relay records: the same runs, tapped both ways, give the same
// frames, the same server stderr and exit, the same client output and the same verdicts,
// down to every check's message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checks as course } from '../../sandbox/course/exercise-checks.ts';
import { collect, keeper } from './helpers.ts';
import { fixtureDir } from '../exercises/helpers.ts';

const RELAY = [
  process.execPath,
  fileURLToPath(new URL('../../sandbox/tap/relay-main.ts', import.meta.url)),
];
const SEED = 20261201;

// A client that shuts the server down with SIGTERM after its first reply, and then waits
// to see it go: the relay's server dies of the signal, the docked one must look the same.
const scratch = mkdtempSync(join(tmpdir(), 'mcpw-docked-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const SIGTERM_CLIENT = `import { spawn } from 'node:child_process';
const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
server.stdout.once('data', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => console.log(JSON.stringify({ code, signal })));
server.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {
  protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) + '\\n');
`;
writeFileSync(join(scratch, 'client.ts'), SIGTERM_CLIENT);

interface Case {
  name: string;
  exercise: string;
  solution?: boolean;
  workspace?: string;
  /**
   * Only the verdicts can match: where the byte limit cuts depends on the sizes of the reads
   * that carried the bytes, which no two runs share, tapped either way.
   */
  verdictsOnly?: true;
  /**
   * The reference client draws its orders and trace id afresh on every run: the same checks
   * pass and fail, over frames in the same directions, the server exiting as it did.
   */
  sameShape?: true;
}

const cases: Case[] = [
  { name: 'raw-client solution', exercise: 'raw-client', solution: true },
  { name: 'two-kinds-of-failure solution', exercise: 'two-kinds-of-failure', solution: true },
  {
    name: 'a frame past the byte limit',
    exercise: 'raw-client',
    workspace: fixtureDir('raw-client', 'huge-frame'),
    verdictsOnly: true,
  },
  { name: 'a client that sends SIGTERM', exercise: 'raw-client', workspace: scratch },
  // A learner's server, docked as Paper Trail is, with the environment its client gave it
  // and the helper it starts heard to the end.
  { name: 'stdout-is-the-wire solution', exercise: 'stdout-is-the-wire', solution: true },
  {
    name: 'quiet-dependencies solution',
    exercise: 'quiet-dependencies',
    solution: true,
    sameShape: true,
  },
  {
    name: 'a server whose helper writes on its stdout',
    exercise: 'quiet-dependencies',
    workspace: fixtureDir('quiet-dependencies', 'pipe-to-stdout'),
    sameShape: true,
  },
];

async function tapped(c: Case, relay: string[] | undefined) {
  const { check: keep, records } = keeper();
  const { summary } = await collect({
    exercise: c.exercise,
    mode: 'check',
    seed: SEED,
    solution: c.solution,
    workspace: c.workspace,
    relay,
    checks: { [c.exercise]: [...course[c.exercise]!, keep] },
  });
  const [record] = records;
  expect(record, summary.summary).toBeDefined();
  return {
    verdict: summary.verdict,
    checks: summary.checks.map(({ id, ok, message }) => ({ id, ok, message })),
    frames: record!.frames.map((f) => ({ dir: f.dir, text: f.text })),
    unterminated: [...record!.unterminated],
    stdinClosed: record!.stdinClosed,
    peerStarted: record!.peerStarted,
    peer: record!.peer,
    program: { stdout: record!.program.stdout, exit: record!.program.exit },
  };
}

describe('a server docked with the harness', () => {
  // One run at a time: under load a check run's cuts may meet in one read, which changes
  // what a client makes of them and so would make two correct records differ.
  it.each(cases)('records $name as the relay does', async (c) => {
    const docked = await tapped(c, undefined);
    const relayed = await tapped(c, RELAY);
    expect(relayed.frames.length).toBeGreaterThan(0);
    if (!c.verdictsOnly && !c.sameShape) return expect(docked).toEqual(relayed);
    const verdicts = (r: typeof relayed) => [r.verdict, r.checks.map(({ id, ok }) => [id, ok])];
    expect(verdicts(docked)).toEqual(verdicts(relayed));
    if (!c.sameShape) return;
    const shape = (r: typeof relayed) => ({
      dirs: r.frames.map((f) => f.dir),
      exit: r.peer.exit,
      stderrLines: r.peer.stderr.split('\n').length,
    });
    expect(shape(docked)).toEqual(shape(relayed));
  });
});

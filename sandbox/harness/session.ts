// One session: start the program with its tapped peer, stream what happens as events,
// enforce the limits, and hand back the record the checks judge.
import { performance } from 'node:perf_hooks';
import type { ProcessRecord, RunRecord } from '../contract/check.ts';
import type { HarnessEvent } from '../contract/events.ts';
import type { Exercise } from '../exercises/loader.ts';
import type { ServerCommands } from '../exercises/servers.ts';
import { CappedText } from './capped-text.ts';
import { Descendants, RUN_MARKER } from './descendants.ts';
import { Framer } from '../wire/framer.ts';
import { resolveLimits, Stopper } from './limits.ts';
import { splitsDelivery, startPeer, type Peer } from './peer.ts';
import { learnerEnv } from './learner-env.ts';
import { checkoutRoot, namespaceAvailable } from './pid-namespace.ts';
import { ProcessGroup } from './process-group.ts';
import { heapFlags, ranOutOfMemory } from './memory-limit.ts';
import { notify } from './notices.ts';
import { nodeArgsFor } from './stripped.ts';
import { atExit } from './at-exit.ts';
import type { CommandSlot } from '../exercises/command-slot.ts';

/** The learner's program as a command of their own (--cmd), and the file it stands in for. */
export interface LearnerCommand {
  slot: CommandSlot;
  words: readonly string[];
}

/** The limits and commands of one session (a subset of RunOptions, documented there). */
export interface SessionOptions {
  timeoutMs?: number;
  maxOutputBytes?: number;
  maxFrameBytes?: number;
  relay?: string[];
  connector?: string[];
  servers?: ServerCommands;
  stripped?: boolean;
  /** The learner's command, started where its editable file would be (RunOptions.command). */
  command?: LearnerCommand;
  /** A check run's seed (RunOptions.seed); absent in run mode. */
  seed?: number;
  /** The flags of the check scenario this session runs (scenarios.ts). */
  scenarioFlags?: readonly string[];
  /**
   * An interactive session's limit on silence: stopped (verdict 'timeout') once no frame and
   * no output has come for `ms`, and `onStop` is told, so the caller can say which limit it was.
   */
  idle?: { ms: number; onStop: () => void };
}

/** What a session needs of its exercise: a name for the record and how to run it. */
export interface SessionSubject {
  id: string;
  meta: { run: Exercise['meta']['run'] };
}

/** How often the tap's record file is read while nothing else asks for it. */
const POLL_MS = 15;
/** How long a peer may take to exit after the program has, before it is killed. */
const PEER_GRACE_MS = 1000;
/** How often to look for processes the program started (see descendants.ts). */
const SCAN_MS = 100;
/** How long the program's pipes may take to deliver their last bytes after it exited. */
const PIPE_GRACE_MS = 200;

export async function execute(
  exercise: SessionSubject,
  work: string,
  options: SessionOptions,
  emitEvent: (e: HarnessEvent) => void,
  /** Called once the program has been started: work that can wait for it begins there. */
  onStarted: () => void = () => {},
): Promise<RunRecord> {
  const run = exercise.meta.run;
  const limits = resolveLimits(run, options);
  let idleTimer: NodeJS.Timeout | undefined;
  // Every event is a sign of life: each one moves the idle limit on.
  const emit = (e: HarnessEvent): void => {
    idleTimer?.refresh();
    emitEvent(e);
  };
  const programSource = run.learner === 'program' ? 'learner' : 'peer';
  const say = (type: 'stdout' | 'stderr', text: string) =>
    emit({ type, source: programSource, text });
  const t0 = performance.timeOrigin + performance.now();
  const framer = new Framer((f) => emit({ type: 'frame', ...f }));
  const stopper = new Stopper();
  const strays = new Descendants();
  const marker = { [RUN_MARKER]: strays.id };
  const peer = await startPeer({
    run,
    work,
    limits,
    t0,
    framer,
    stopper,
    emit,
    source: run.learner === 'program' ? 'peer' : 'learner',
    relay: options.relay,
    connector: options.connector,
    servers: options.servers,
    stripped: options.stripped ?? false,
    seed: options.seed,
    scenarioFlags: options.scenarioFlags,
    command: options.command,
    // A learner's server belongs to the run as the program does: where there is no namespace
    // to end it, the search for strays must find what it leaves behind too.
    learnerServer: {
      namespace: namespace(work),
      env: marker,
      onStart: (server) => {
        if (server.child.pid) strays.adopt(server.child.pid, server.wrappers);
      },
    },
  });

  // The learner's own command takes the place of `node <program>`; the namespace's address
  // space limit holds it as the heap flags hold Node.
  const own = options.command?.slot.kind === 'program' ? options.command.words : undefined;
  const group = new ProcessGroup(
    own ? own[0]! : process.execPath,
    own
      ? [...own.slice(1), ...peer.args]
      : [
          ...heapFlags(),
          ...nodeArgsFor(work, run.program, options.stripped ?? false),
          ...peer.args,
        ],
    work,
    learnerEnv(process.env, marker),
    { namespace: namespace(work) },
  );
  if (group.child.pid) strays.track(group.child.pid, group.wrappers);
  notify({ marker: strays.id });
  if (group.child.pid) notify({ group: group.child.pid });
  // Before the group: a grandchild outside it must be found while its parents still live.
  const endAll = (): void => {
    strays.killAll();
    group.kill();
  };
  // First among the 'exit' listeners, so that nothing of the run still runs when the work
  // folder is removed.
  const releaseStrays = atExit(strays.killAll, true);
  stopper.attach(endAll);
  const poll = setInterval(() => peer.poll(), POLL_MS);
  const scan = setInterval(() => strays.scan(), SCAN_MS);
  const timer = setTimeout(() => stopper.stop('timeout'), limits.timeoutMs);
  const idle = options.idle;
  if (idle) {
    idleTimer = setTimeout(() => {
      if (stopper.verdict === null) idle.onStop();
      stopper.stop('timeout');
    }, idle.ms);
  }
  onStarted();
  const printed: { offset: number; frames: number }[] = [];
  const output = watchOutput(group, peer, limits.maxOutputBytes, stopper, say, (offset) =>
    printed.push({ offset, frames: framer.frames.length }),
  );
  const program: ProcessRecord = { stdout: '', stderr: '', exit: null };
  await new Promise<void>((ended) => {
    group.child.on('error', (e) => {
      say('stderr', `could not start: ${e.message}\n`);
      stopper.stop('error');
      ended();
    });
    group.child.on('exit', (code, signal) => {
      program.exit = { code, signal };
      emit({ type: 'exit', source: programSource, code, signal });
      if (code !== 0 || signal !== null) stopper.note('crashed');
      void afterProgramExit(peer, stopper, group, endAll).then(ended);
    });
  });

  // The run is over: stop the clocks, end the group, then the peer, then the open lines.
  clearTimeout(timer);
  clearTimeout(idleTimer);
  clearInterval(poll);
  clearInterval(scan);
  endAll();
  await group.untilGone();
  await strays.untilGone();
  await peer.finish().catch(() => {});
  group.release();
  releaseStrays();
  // A damaged record says nothing reliable about the learner's code: no verdict at all.
  if (peer.damage) {
    throw new Error(
      `${peer.damage.message}. The run cannot be judged; run the check again, and if it ` +
        'happens again, report it with the exercise and your files.',
    );
  }
  framer.endAll();
  program.stdout = output.stdout.text;
  program.stderr = output.stderr.text;
  return {
    exercise: exercise.id,
    learner: run.learner,
    frames: framer.frames,
    unterminated: framer.unterminated,
    stdinClosed: peer.stdinClosed,
    peerStarted: peer.started,
    program,
    printed,
    seed: options.seed,
    splitDelivery: splitsDelivery(run, options.seed),
    peer: peer.record,
    // A crash for want of memory is the memory limit's doing (memory-limit.ts), the
    // learner's server's as much as the program's.
    verdict:
      stopper.verdict === 'crashed' &&
      (ranOutOfMemory(program.stderr) ||
        (run.learner === 'peer' && ranOutOfMemory(peer.record.stderr)))
        ? 'memory-limit'
        : (stopper.verdict ?? 'completed'),
    timeoutMs: limits.timeoutMs,
    killed: strays.killed,
    durationMs: Math.round(performance.now() - (t0 - performance.timeOrigin)),
  };
}

/** Reports the program's stdout and stderr as they come, each kept up to the output limit. */
function watchOutput(
  group: ProcessGroup,
  peer: Peer,
  maxBytes: number,
  stopper: Stopper,
  say: (type: 'stdout' | 'stderr', text: string) => void,
  onStdout: (offset: number) => void,
): { stdout: CappedText; stderr: CappedText } {
  const output = { stdout: new CappedText(maxBytes), stderr: new CappedText(maxBytes) };
  for (const type of ['stdout', 'stderr'] as const) {
    group.child[type].on('data', (chunk: Buffer) => {
      // The tap records bytes before passing them on, so reading the record first puts
      // every frame the program could have reacted to ahead of what it printed.
      peer.poll();
      if (type === 'stdout') onStdout(output.stdout.text.length);
      const text = output[type].push(chunk);
      // After its place is kept: whatever the peer does on hearing it comes in later frames.
      if (type === 'stdout') peer.printed(chunk);
      if (text === null) return stopper.stop('output-limit');
      if (text) say(type, text);
    });
  }
  return output;
}

/**
 * The program has exited. Give the peer a moment to finish on its own (the client closed
 * its stdin), then end whatever is left of the process group and let the program's pipes
 * deliver their last bytes.
 */
async function afterProgramExit(
  peer: Peer,
  stopper: Stopper,
  group: ProcessGroup,
  endAll: () => void,
): Promise<void> {
  const deadline = performance.now() + PEER_GRACE_MS;
  for (;;) {
    peer.poll();
    if (peer.exited || performance.now() > deadline || stopper.verdict === 'timeout') break;
    await sleep(POLL_MS);
  }
  endAll();
  // The grace timer goes when the pipes close first: a pending timer keeps the harness
  // running, and a check waited the whole grace after every run.
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([group.closed, new Promise((r) => (grace = setTimeout(r, PIPE_GRACE_MS)))]);
  clearTimeout(grace);
}

/**
 * The program's namespace where there is one: the checkout read-only to it, its work folder
 * aside (a bundle outside any checkout protects only what the namespace does).
 */
function namespace(work: string): { readOnly: string } | undefined {
  return namespaceAvailable() ? { readOnly: checkoutRoot() ?? work } : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

// The peer the program talks to, with a tap in between: a stdio server docked with the
// harness (a known server, or the learner's server that the course's client drives), or a
// known server over HTTP behind the recording proxy. The session sees one shape whichever
// it is; which server starts, and how, is exercise.json's run.peer and the servers table.
import { fileURLToPath } from 'node:url';
import type { ProcessRecord } from '../contract/check.ts';
import type { HarnessEvent } from '../contract/events.ts';
import { peerFile, type ExerciseMeta } from '../exercises/schema.ts';
import { knownServer, type Command, type ServerCommands } from '../exercises/servers.ts';
import type { TapRecord } from '../tap/record-file.ts';
import type { Framer } from '../wire/framer.ts';
import { Dock } from './dock.ts';
import { startHttpPeer } from './http-peer.ts';
import { ByteBudget, type Limits, type Stopper } from './limits.ts';
import { heapFlags } from './memory-limit.ts';
import type { ProcessGroup } from './process-group.ts';
import { StdioPeer } from './stdio-peer.ts';
import { nodeArgsFor, programArg } from './stripped.ts';
import { TapFile } from './tap-file.ts';
import { commandArgument } from '../exercises/command-slot.ts';
import type { LearnerCommand } from './session.ts';

export interface Peer {
  /** The program's arguments, with "{peer}" replaced by how to reach the peer. */
  readonly args: string[];
  /** What the peer printed and how it exited, for the RunRecord. */
  readonly record: ProcessRecord;
  /** Did a peer process start at all. */
  readonly started: boolean;
  /** Did the program close the peer's stdin (stdio only). */
  readonly stdinClosed: boolean;
  /** Has every peer process that started exited on its own. */
  readonly exited: boolean;
  /** Takes in what the tap recorded since the last call. */
  poll(): void;
  /** Hears each chunk the program printed on stdout, once its place in the frames is kept. */
  printed(chunk: Buffer): void;
  /** The tap's record turned out damaged: the run cannot be judged (stdio only). */
  readonly damage: Error | null;
  /** Once the program's group is gone: takes in the rest and ends the peer. */
  finish(): Promise<void>;
}

export interface PeerSetup {
  run: ExerciseMeta['run'];
  work: string;
  limits: Limits;
  /** Absolute time the session started; frames are timed from here. */
  t0: number;
  framer: Framer;
  stopper: Stopper;
  /** Whose code the peer is: the learner's when the exercise has them write the server. */
  source: 'learner' | 'peer';
  emit: (e: HarnessEvent) => void;
  relay?: string[];
  /** Command prefix that runs the connector to the docked server (the bundles: themselves). */
  connector?: string[];
  /** See RunOptions.servers. */
  servers?: ServerCommands;
  /** See RunOptions.stripped. */
  stripped: boolean;
  /** A check run's seed: the server varies its data, and the tap cuts what a client reads. */
  seed?: number;
  /** The check scenario's flags for the peer's server (exercise.json run.scenarios). */
  scenarioFlags?: readonly string[];
  /** The learner's own command (--cmd): as the server, or in the argument naming its file. */
  command?: LearnerCommand;
  /**
   * How the learner's server is contained where it is docked: its namespace (as the
   * program's), the run's marker, and each start handed to the run's search for strays.
   */
  learnerServer?: {
    namespace?: { readOnly: string };
    env: Record<string, string>;
    onStart: (group: ProcessGroup) => void;
  };
}

const DEFAULT_RELAY = [
  process.execPath,
  fileURLToPath(new URL('../tap/relay-main.ts', import.meta.url)),
];
const DEFAULT_CONNECTOR = [
  process.execPath,
  fileURLToPath(new URL('../tap/connector-main.ts', import.meta.url)),
];

/**
 * Does the tap cut the peer's bytes for this run: in check runs over stdio whose program is
 * the learner's client (its reads are what is judged). A learner's server is not cut for: the
 * reference client reading it is the course's own, and cutting a flood of binary bytes (every
 * multi-byte character in two, a pause after each piece) took minutes.
 */
export function splitsDelivery(run: ExerciseMeta['run'], seed: number | undefined): boolean {
  return seed !== undefined && run.learner === 'program' && run.peer.transport === 'stdio';
}

/** The peer's known server with this run's flags, as one command. */
function knownServerCommand(setup: PeerSetup): Command {
  const { server, flags } = knownServerParts(setup);
  return { command: server.command, args: [...server.args, ...flags] };
}

/**
 * How the peer's known server starts (the run's override, else from the sources), and the
 * flags of this run: the peer's own, the scenario's, the seed.
 */
function knownServerParts(setup: PeerSetup): { server: Command; flags: string[] } {
  const peer = setup.run.peer;
  if (typeof peer.server !== 'string') throw new Error('the peer is a file, not a known server');
  const server = setup.servers?.[peer.server] ?? knownServer(peer.server).node();
  const seed = setup.seed === undefined ? [] : ['--seed', String(setup.seed)];
  const scenario = setup.scenarioFlags ?? [];
  return { server, flags: [...peer.flags, ...scenario, ...seed] };
}

export async function startPeer(setup: PeerSetup): Promise<Peer> {
  return setup.run.peer.transport === 'http' ? startHttp(setup) : startStdio(setup);
}

/**
 * A stdio server is docked with the harness, which records its wire (dock.ts); "{peer}" is
 * the connector to it. Only a run that names its relay without a connector (tests that
 * compare the two) has the program start the server through the relay instead.
 */
function startStdio(setup: PeerSetup): Promise<Peer> | Peer {
  const docked = setup.connector || !setup.relay;
  return docked ? startDocked(setup) : startRelayed(setup);
}

async function startDocked(setup: PeerSetup): Promise<Peer> {
  const records: TapRecord[] = [];
  // The flags travel in the connector's command, where the program sees them as it saw them
  // in the server's (a driver reads the seed there, or adds flags of its own), and come back
  // with the words after them; how the server starts stays the harness's.
  const { server, flags } = dockedParts(setup);
  const learner = peerFile(setup.run.peer) !== undefined ? setup.learnerServer : undefined;
  const dock = await Dock.open({
    server,
    cwd: setup.work,
    maxBytes: setup.limits.maxFrameBytes,
    onRecord: (r) => records.push(r),
    namespace: learner?.namespace,
    env: learner && { from: 'client', extra: learner.env },
    onStart: learner?.onStart,
  });
  const split = splitsDelivery(setup.run, setup.seed) ? setup.seed : undefined;
  const connector = [
    ...dock.connectorCommand(setup.connector ?? DEFAULT_CONNECTOR, split),
    ...flags,
  ];
  const source = { read: () => records.splice(0), close: () => dock.close() };
  return new StdioPeer(expandPeer(setup, connector), source, setup);
}

/**
 * The docked server: the learner's file under the same memory limit as a learner's program
 * (and no flags: the schema allows none), or the known server with this run's.
 */
function dockedParts(setup: PeerSetup): { server: Command; flags: string[] } {
  const file = peerFile(setup.run.peer);
  if (file === undefined) return knownServerParts(setup);
  const own = ownServer(setup);
  if (own) return { server: own, flags: [] };
  const args = [...heapFlags(), ...nodeArgsFor(setup.work, file, setup.stripped)];
  return { server: { command: process.execPath, args }, flags: [] };
}

/** The learner's server as their own command (--cmd), when it is one. */
function ownServer(setup: PeerSetup): Command | undefined {
  const own = setup.command?.slot.kind === 'server' ? setup.command.words : undefined;
  return own && { command: own[0]!, args: own.slice(1) };
}

function startRelayed(setup: PeerSetup): Peer {
  const { run, work, limits } = setup;
  const file = peerFile(run.peer);
  const server =
    file === undefined
      ? knownServerCommand(setup)
      : (ownServer(setup) ?? {
          command: process.execPath,
          args: nodeArgsFor(work, file, setup.stripped),
        });
  const tapFile = new TapFile();
  const tapped = [
    ...(setup.relay ?? DEFAULT_RELAY),
    '--record',
    tapFile.path,
    '--max-bytes',
    String(limits.maxFrameBytes),
    ...(splitsDelivery(run, setup.seed) ? ['--split-seed', String(setup.seed)] : []),
    '--',
    server.command,
    ...server.args,
  ];
  return new StdioPeer(expandPeer(setup, tapped), tapFile, setup);
}

/** The program's arguments, "{peer}" replaced by the command that reaches the peer. */
function expandPeer(setup: PeerSetup, peer: string[]): string[] {
  return setup.run.args.flatMap((a) => (a === '{peer}' ? peer : [otherArg(setup, a)]));
}

/**
 * An argument other than "{peer}": the learner's command where it names the file the command
 * replaces (the driver starts it: command-slot.ts), else a file of the work folder as it is.
 */
function otherArg(setup: PeerSetup, arg: string): string {
  const own = setup.command;
  if (own?.slot.kind === 'argument' && own.slot.file === arg) return commandArgument(own.words);
  return programArg(setup.work, arg, setup.stripped);
}

/** The harness starts the known server on HTTP and gives the program the proxy's URL. */
async function startHttp(setup: PeerSetup): Promise<Peer> {
  const { framer, stopper, emit, source, t0 } = setup;
  const record: ProcessRecord = { stdout: '', stderr: '', exit: null };
  const frameBytes = new ByteBudget(setup.limits.maxFrameBytes);
  const http = await startHttpPeer(
    knownServerCommand(setup),
    ({ at, ...frame }) => {
      // A body the tap cut was longer than the whole budget on its own.
      if (frame.http?.bodyBytes !== undefined || !frameBytes.spend(Buffer.byteLength(frame.text))) {
        return stopper.stop('output-limit');
      }
      framer.add({ ...frame, t: at - t0 });
    },
    (text) => {
      record.stderr += text;
      emit({ type: 'stderr', source, text });
    },
    setup.limits.timeoutMs,
    setup.seed !== undefined && setup.run.learner === 'program' ? setup.seed : undefined,
    setup.limits.maxFrameBytes,
  );
  return {
    args: setup.run.args.map((a) => (a === '{peer}' ? http.url : otherArg(setup, a))),
    record,
    started: true,
    stdinClosed: false,
    // The server runs until the harness stops it; there is nothing to wait for.
    exited: true,
    damage: null,
    poll: () => {},
    printed: (chunk) => http.printed(chunk),
    async finish() {
      const exit = await http.stop();
      record.exit = exit;
      emit({ type: 'exit', source, ...exit });
    },
  };
}

// The servers an exercise's peer can name (exercise.json run.peer.server), and how each one
// starts wherever a harness runs: from the sources, inside a bundled harness, in the
// WebContainer. The schema, the harness and the bundler all read this one table, so a server
// joins the course by joining it, and no part of the engine knows which exercise uses which.
import { basename, dirname, join } from 'node:path';
import { paperTrailCommand } from '../paper-trail/command.ts';
import { paperTrailV2Command } from '../paper-trail-v2/command.ts';

export const TRANSPORTS = ['stdio', 'http'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface Command {
  command: string;
  args: string[];
}

export interface KnownServer {
  /** The transports it serves a harness on ("http": the harness adds --http --port 0). */
  transports: readonly Transport[];
  /** How it starts from the sources, with the Node running the harness (which runs .ts). */
  node: () => Command;
  /** A bundled harness serves it itself when started as `<bundle> <flag> [its flags]`. */
  bundleFlag: string;
  /**
   * In the WebContainer it is instead a program of its own, mounted only for the exercises
   * whose peer names it, because it stands on code no other exercise should download:
   * its entry (from the checkout's top), its path in the container, and the file beside
   * manifest.json that carries it and what only it needs (RuntimeManifest's extraFiles).
   */
  ownProgram?: { entry: string; path: string; extraFiles: string };
}

export const KNOWN_SERVERS = {
  /** Paper Trail (sandbox/paper-trail), 2025-11-25, on stdio or streamable HTTP. */
  'paper-trail': {
    transports: ['stdio', 'http'],
    node: () => paperTrailCommand(),
    bundleFlag: '--paper-trail',
  },
  /**
   * Paper Trail v2 (sandbox/paper-trail-v2, 2026-07-28 and 2025-11-25), on stdio: a bundled
   * harness serves it on stdio only. The 2026 SDK it stands on is a third of the runtime.
   */
  'paper-trail-v2': {
    transports: ['stdio'],
    node: () => paperTrailV2Command(),
    bundleFlag: '--paper-trail-v2',
    ownProgram: {
      entry: 'sandbox/runtime/container/paper-trail-v2-entry.ts',
      path: 'runtime/paper-trail-v2.mjs',
      extraFiles: 'paper-trail-v2.json',
    },
  },
} as const satisfies Record<string, KnownServer>;

export type ServerName = keyof typeof KNOWN_SERVERS;
export const SERVER_NAMES = Object.keys(KNOWN_SERVERS) as [ServerName, ...ServerName[]];

/** The table's entry for a name, as the interface (the literal types say too little). */
export function knownServer(name: ServerName): KnownServer {
  return KNOWN_SERVERS[name];
}

/** How a run may start the known servers instead of from the sources (RunOptions.servers). */
export type ServerCommands = Partial<Record<ServerName, Command>>;

/**
 * How a bundled harness at `self` starts each known server: itself with the server's flag,
 * or, where the server is a program of its own (the WebContainer's `ownPrograms`), that
 * program beside it.
 */
export function bundledServers(
  self: string,
  options: { ownPrograms: boolean },
): Record<ServerName, Command> {
  const commands = {} as Record<ServerName, Command>;
  for (const name of SERVER_NAMES) {
    const server = knownServer(name);
    const own = options.ownPrograms ? server.ownProgram : undefined;
    commands[name] = own
      ? { command: process.execPath, args: [join(dirname(self), basename(own.path))] }
      : { command: process.execPath, args: [self, server.bundleFlag] };
  }
  return commands;
}

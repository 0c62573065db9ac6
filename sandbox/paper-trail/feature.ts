// What a Paper Trail feature is: the flags it adds, the help it prints, the lesson it serves,
// the rules between its flags and the others, the options it hands the server and how it
// registers on the server. features/index.ts lists them; the command line (args.ts), --help,
// the stdio path and the HTTP path are all built from that one list, so a feature is one file
// plus one line there.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { PaperTrailOptions } from './options.ts';
import type { OrderRecord } from './orders.ts';
import type { LiveResources } from './resources/live.ts';

/** Every flag's value as parsed, by flag name: what a rule between features reads. */
export type FlagValues = Readonly<Record<string, unknown>>;

/** A rule over the flags of several features: when `holds` is false, `error` is the message. */
export interface FlagRule {
  holds: (flags: FlagValues) => boolean;
  error: string;
}

/** What the features registered so far share with the ones after them, on one server. */
export interface ServerContext {
  server: McpServer;
  options: PaperTrailOptions;
  /** The orders this server serves: the fixed ones, or the run's (orders.ts). */
  orders: readonly OrderRecord[];
  /** The order, or the thrown Error that becomes an isError result. */
  requireOrder(orderId: string): OrderRecord;
  /** A copy of the order, or undefined. */
  findOrder(orderId: string): OrderRecord | undefined;
  /** Diagnostics: stderr on stdio and HTTP alike, never stdout. */
  log(line: string): void;
  /** track_shipment, once registered: what set_maintenance takes off the list. */
  tracking?: RegisteredTool;
  /** The live resources, when --live registered them. */
  live?: LiveResources;
}

export interface PaperTrailFeature<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** Flags as typed without "--", each a zod field whose messages are written for a person. */
  flags: Shape;
  /** Its part of the synopsis, e.g. "[--live]"; empty for a feature with no flag. */
  synopsis?: string;
  /** Lines of --help: the flag as typed, then what it does (one entry per line of text). */
  help?: readonly (readonly [string, ...string[]])[];
  /** The slug of the lesson whose frames need it. */
  lesson: string;
  /** Rules between this feature's flags and others'. */
  rules?: readonly FlagRule[];
  /** Which transport it is for; the HTTP-only options are left out of a stdio server's. */
  transport?: 'stdio' | 'http';
  /** Why its flags need that transport, said after the rule's message. */
  whyTransport?: string;
  /** The options it hands the server, from its own flags (and, read-only, all the others). */
  // A method, so that a list can hold features whose flags differ.
  options?(own: z.output<z.ZodObject<Shape>>, all: FlagValues): Partial<PaperTrailOptions>;
  /** Capabilities the server declares from the start (the SDK installs handlers for them). */
  capabilities?: (options: PaperTrailOptions) => ServerCapabilities | undefined;
  /** The orders the server serves, changed (a feature that needs no order delivered, say). */
  orders?: (orders: OrderRecord[], options: PaperTrailOptions) => OrderRecord[];
  /** Registers its tools, resources or prompts; runs in the list's order. */
  register?: (context: ServerContext) => void;
}

/** Keeps a feature's own flag types for its options(), checked against the shape above. */
export function paperTrailFeature<Shape extends z.ZodRawShape>(
  feature: PaperTrailFeature<Shape>,
): PaperTrailFeature<Shape> {
  return feature;
}

/** A flag that is off unless typed. */
export const aSwitch = () => z.boolean().default(false);

// Read-only driver: starts the server given on the command line three times (as it is, then
// with --buggy-output, then with --unchecked-output added), lists its tools, makes every call
// in cases.ts and hands each real response to your verify(), with the called tool's entry
// from tools/list. Then it builds a few responses from a real one (cases.ts) and asks about
// those too. It prints one "@@case" line per case; anything else you print is ignored.
// Run: node drive.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { allEdgeCases, liveCases } from './cases.ts';
import { verify } from './verify.ts';

type Json = Record<string, unknown>;
const [command, ...args] = process.argv.slice(2);

/** One Paper Trail process; ids start at `firstId` so the two sessions never share one. */
function startSession(extraArgs: string[], firstId: number) {
  const server = spawn(command, [...args, ...extraArgs], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<unknown, (response: Json) => void>();
  createInterface({ input: server.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Json;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  let nextId = firstId;
  const send = (message: Json) => server.stdin.write(JSON.stringify(message) + '\n');
  const request = (method: string, params?: Json): Promise<Json> => {
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    });
  };
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  return {
    request,
    send,
    async end() {
      server.stdin.end();
      await closed;
    },
  };
}

/** A value the learner returned, as a short description that cannot pass for a right one. */
function describe(value: unknown): string {
  return `<${typeof value}: ${String(value)}>`;
}

/** Your verify() on a copy of the entry and the response, so it cannot change what is reported. */
function ask(tool: Json, response: Json): Json {
  try {
    const out: unknown = verify(structuredClone(tool) as never, structuredClone(response) as never);
    if (typeof out !== 'object' || out === null) return { answer: describe(out) };
    if (typeof (out as { then?: unknown }).then === 'function') return { answer: describe(out) };
    // Sent as JSON: a value JSON cannot hold is described instead (undefined is left out).
    return { answer: JSON.parse(JSON.stringify(out)) as Json };
  } catch (err) {
    return { threw: String((err as Error)?.message ?? err) };
  }
}

function report(line: Json): void {
  process.stdout.write('@@case ' + JSON.stringify(line) + '\n');
}

/** The tool's entry from tools/list; a tool the server does not list gets a bare entry. */
function entryFor(tools: Json[], name: string): Json {
  return tools.find((tool) => tool.name === name) ?? { name };
}

let realPT1041: Json | undefined;
let tools: Json[] = [];

for (const [session, extra, firstId] of [
  ['normal', [], 1],
  ['buggy', ['--buggy-output'], 101],
  ['unchecked', ['--unchecked-output'], 201],
] as const) {
  const peer = startSession([...extra], firstId);
  await peer.request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'trust-but-verify-driver', version: '1.0.0' },
  });
  peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const listed = await peer.request('tools/list', {});
  const sessionTools = ((listed.result as Json | undefined)?.tools ?? []) as Json[];
  if (session === 'normal') tools = sessionTools;
  for (const c of liveCases.filter((c) => c.session === session)) {
    const response = await peer.request('tools/call', c.params);
    if (session === 'normal' && c.name === 'PT-1041') realPT1041 = response;
    const tool = entryFor(sessionTools, c.tool);
    report({ case: c.name, session, id: response.id, tool: c.tool, ...ask(tool, response) });
  }
  await peer.end();
}

for (const c of allEdgeCases(entryFor(tools, 'order_status').outputSchema)) {
  if (!realPT1041) break;
  const response = c.build(realPT1041);
  const name = c.tool ?? 'order_status';
  report({
    case: c.name,
    edge: true,
    tool: name,
    response,
    ...ask(entryFor(tools, name), response),
  });
}

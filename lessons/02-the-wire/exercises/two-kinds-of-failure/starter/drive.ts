// Read-only driver: starts the server given on the command line, sends every case from
// cases.ts, and asks your classify() about each response: its kind, and what it hands the
// model. It prints one "@@case" line per case; anything else you print is ignored.
// Run: node drive.ts <server command> [args...]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { edgeCases, liveCases } from './cases.ts';
import { classify } from './outcome.ts';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = new Map<number, (response: Record<string, unknown>) => void>();
createInterface({ input: server.stdout }).on('line', (line) => {
  const message = JSON.parse(line);
  waiting.get(message.id)?.(message);
  waiting.delete(message.id);
});

let nextId = 0;
function request(
  method: string,
  params?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    server.stdin.write(
      JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }) + '\n',
    );
  });
}

/** A value the learner returned, as a short description that cannot pass for a right one. */
function describe(value: unknown): string {
  return `<${typeof value}: ${String(value)}>`;
}

function ask(response: Record<string, unknown>): {
  answer?: string;
  forModel?: string | null;
  threw?: string;
} {
  try {
    const out: unknown = classify(response as never);
    // Anything but { kind, forModel } is reported whole (a Promise, a bare label, …).
    if (typeof out !== 'object' || out === null || !('kind' in out))
      return { answer: describe(out) };
    const { kind, forModel } = out as { kind: unknown; forModel?: unknown };
    return {
      answer: typeof kind === 'string' ? kind : describe(kind),
      // Left out when missing, so the checker can say so rather than quote "<undefined: …>".
      ...(forModel !== undefined && {
        forModel: typeof forModel === 'string' || forModel === null ? forModel : describe(forModel),
      }),
    };
  } catch (err) {
    return { threw: String((err as Error)?.message ?? err) };
  }
}

function report(line: object): void {
  process.stdout.write('@@case ' + JSON.stringify(line) + '\n');
}

await request('initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'two-kinds-driver', version: '1.0.0' },
});
server.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');

for (const c of liveCases) {
  const response = await request(c.method, c.params);
  report({ case: c.name, id: response.id, ...ask(response) });
}
for (const c of edgeCases) {
  report({ case: c.name, edge: true, response: c.response, ...ask(c.response) });
}
server.stdin.end();

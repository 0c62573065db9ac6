// A run that hangs, started through a server's runtime endpoint (the workshop's, the dev
// server's), for tests that stop the server mid-run: its process tree and folders, read off
// the command lines, so that they can be checked gone afterwards.
import { expect } from 'vitest';
import { identify, type FolderIdentity } from './folders.ts';
import { descendantsOf, type Proc } from './procs.ts';

// Hangs, and keeps a child of its own that hangs too.
const HANGING_CLIENT = `
import { spawn } from 'node:child_process';
spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { stdio: 'ignore' });
setInterval(() => undefined, 1000);
console.log('busy');
`;

/** Starts a run through the endpoint at `origin` and returns once the learner's code runs. */
export async function startHangingRun(
  origin: string,
  token: string,
): Promise<ReadableStreamDefaultReader<string>> {
  const res = await fetch(`${origin}/__runtime/run`, {
    method: 'POST',
    headers: { origin, 'x-mcpw-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({
      exercise: 'raw-client',
      mode: 'run',
      files: { 'client.ts': HANGING_CLIENT },
    }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  while (!seen.includes('busy')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the run ended before the learner's code ran:\n${seen}`);
    seen += value;
  }
  return reader;
}

/** The run below `server`: its processes, the endpoint's folder and the harness's work folder. */
export function runTree(server: number): {
  tree: Proc[];
  runFolder: string;
  workFolder: FolderIdentity;
} {
  // harness → learner program → its child, at the least
  const tree = descendantsOf(server);
  expect(tree.length, JSON.stringify(tree)).toBeGreaterThanOrEqual(3);
  // The run's folders, read off its command lines: other test files may be running.
  const commands = tree.map((p) => p.command).join('\n');
  const runFolder = /--workspace (\S+)/.exec(commands)?.[1];
  const workFolder = /(\S+\/\.workspaces\/raw-client-\w+)\//.exec(commands)?.[1];
  expect(runFolder, commands).toMatch(/mcpw-run-/);
  expect(workFolder, commands).toBeDefined();
  // Which folder it is: the path may be given to another run once this one is over.
  return { tree, runFolder: runFolder!, workFolder: identify(workFolder!) };
}

/** The rest of the answer, once the server has ended it. */
export async function rest(reader: ReadableStreamDefaultReader<string>): Promise<string> {
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += value;
  }
}

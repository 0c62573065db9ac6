// A tap: `node relay.ts <server command> [args...]`. Bytes are forwarded as they come, never
// decoded or re-encoded; only the copy that is logged is decoded (as one stream per
// direction, so a character cut between two reads comes out whole) and cut into lines.
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

/** A logger for one direction: feed it chunks, it writes one stderr line per whole frame. */
function frameLogger(direction: string): (chunk: Buffer) => void {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return (chunk) => {
    pending += decoder.write(chunk);
    let end = pending.indexOf('\n');
    while (end !== -1) {
      process.stderr.write(`${direction} ${pending.slice(0, end)}\n`);
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  };
}

const logUp = frameLogger('client → server');
const logDown = frameLogger('server → client');

process.stdin.on('data', (chunk: Buffer) => {
  server.stdin.write(chunk);
  logUp(chunk);
});
// The client hung up: tell the server the same way, by closing its stdin.
process.stdin.on('end', () => server.stdin.end());
// A server that exits early cannot take what is still on its way; that is not our error.
server.stdin.on('error', () => {});

server.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  logDown(chunk);
});

// 'close' comes after the server's stdout has been read to the end, so its last words have
// been passed on; the write callback waits until they have left.
server.on('close', (code) => {
  process.stdout.write('', () => process.exit(code ?? 1));
});
server.on('error', (error) => {
  process.stderr.write(`relay: could not start ${command}: ${error.message}\n`);
  process.exit(1);
});

// Your tap: `node relay.ts <server command> [args...]`.
// Start the server, pass every byte between your stdin/stdout and the server unchanged in
// both directions, log each frame with its direction on stderr, and exit when either side
// is done. See task.md.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

// TODO: client → server: what arrives on process.stdin goes to server.stdin.
// TODO: server → client: what arrives on server.stdout goes to process.stdout.
// TODO: log each frame (each line) with its direction on stderr.
// TODO: when the client closes your stdin, close the server's; when the server exits, exit.
server.on('error', (error) => {
  process.stderr.write(`relay: could not start ${command}: ${error.message}\n`);
  process.exit(1);
});

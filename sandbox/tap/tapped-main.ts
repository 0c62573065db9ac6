// A Node server with the stdio tap in its own process (in-process.ts), started by a client in
// place of the server, as relay-main.ts is:
//   node tapped-main.ts --record <file> [--max-bytes N] [--split-seed N] -- <node> <main> [args...]
// The tap is in place before the server's code loads, then <main> runs here with its args.
import { pathToFileURL } from 'node:url';
import { tapThisProcess } from './in-process.ts';

const [, main, ...args] = tapThisProcess(process.argv.slice(2));
if (!main) {
  process.stderr.write('tapped-main: the server must be given as <node> <main> [args...]\n');
  process.exit(2);
}
process.argv = [process.execPath, main, ...args];
await import(pathToFileURL(main).href);

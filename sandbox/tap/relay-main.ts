// The stdio relay as a program of its own (the bundled harness runs it as `--relay` instead).
import { runRelay } from './relay.ts';

runRelay(process.argv.slice(2));

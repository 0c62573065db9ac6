// The connector as a program of its own (the bundled harness runs it as `--connect` instead).
import { runConnector } from './connector.ts';

runConnector(process.argv.slice(2));

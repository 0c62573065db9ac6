// The real clients several lessons' sessions (and the tests of the tap and Paper Trail) drive:
// the course host's name for itself and the MCP Inspector CLI, installed as a dev dependency.
import { fileURLToPath } from 'node:url';

export const INSPECTOR = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/cli.js', import.meta.url),
);

/** The host's name for itself, as each of its clients introduces it. */
export const HOST_INFO = { name: 'paper-trail-course-host', version: '1.0.0' };

/** The Inspector CLI's words, after its server, for the call every course session makes of it. */
export const CALL_ORDER_STATUS = [
  '--method',
  'tools/call',
  '--tool-name',
  'order_status',
  '--tool-arg',
  'order_id=PT-1041',
];

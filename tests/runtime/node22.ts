// Where the Node 22 stand-in's binary is installed (see node22/package.json).
import { fileURLToPath } from 'node:url';

// MCPW_NODE22 points it elsewhere: the suite's preconditions test shows a machine without it.
export const NODE22 =
  process.env.MCPW_NODE22 ??
  fileURLToPath(new URL('node22/node_modules/node/bin/node', import.meta.url));

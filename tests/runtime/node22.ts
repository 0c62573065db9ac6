// Where the Node 22 stand-in's binary is installed (see node22/package.json).
import { fileURLToPath } from 'node:url';

export const NODE22 = fileURLToPath(new URL('node22/node_modules/node/bin/node', import.meta.url));

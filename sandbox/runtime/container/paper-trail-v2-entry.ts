// Paper Trail v2 as its own file in the container (runtime/paper-trail-v2.mjs, its ownProgram
// in exercises/servers.ts), mounted only for the exercises whose peer names it: the v2 SDK it
// stands on is a third of the whole runtime, which no other exercise should have to download.
import { serveStdioV2FromArgv } from '../../paper-trail-v2/stdio.ts';

serveStdioV2FromArgv(process.argv.slice(2));

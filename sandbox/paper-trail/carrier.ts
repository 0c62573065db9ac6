// The carrier account: Paper Trail's one setting that comes from its environment, as a real
// server's API key does. Whether the variable reached the process is the classic stdio
// surprise: SDK 1.32.2's StdioClientTransport starts a server with only HOME, LOGNAME, PATH,
// SHELL, TERM and USER unless the host passes `env`, so a key set in the host's shell is not
// there. The resource says whether the key was seen (never its value), and reading it without
// the key logs a warning on stderr, where hosts often do not look.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** The variable Paper Trail reads its (pretend) carrier API key from. */
export const CARRIER_KEY_VARIABLE = 'PAPER_TRAIL_CARRIER_KEY';
export const CARRIER_URI = 'carrier://account';

export interface CarrierAccount {
  /** Was PAPER_TRAIL_CARRIER_KEY set (and not empty) in the server's own environment. */
  keySeen: boolean;
}

/** Reads the setting from an environment (main.ts passes process.env). */
export function carrierAccountFrom(env: Record<string, string | undefined>): CarrierAccount {
  return { keySeen: (env[CARRIER_KEY_VARIABLE] ?? '') !== '' };
}

export function registerCarrierResource(
  server: McpServer,
  account: CarrierAccount,
  log: (line: string) => void,
): void {
  server.registerResource(
    'carrier-account',
    CARRIER_URI,
    {
      title: 'Carrier account',
      description: `Whether ${CARRIER_KEY_VARIABLE} reached this server, and where carrier data comes from.`,
      mimeType: 'application/json',
    },
    async (uri) => {
      if (!account.keySeen) {
        log(
          `paper-trail: ${CARRIER_KEY_VARIABLE} is not set in my environment; using offline sample data`,
        );
      }
      const body = {
        [CARRIER_KEY_VARIABLE]: account.keySeen ? 'set' : 'not set',
        source: account.keySeen ? 'carrier API' : 'offline sample data',
      };
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }],
      };
    },
  );
}

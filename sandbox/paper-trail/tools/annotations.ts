// Tool annotations: what each Paper Trail tool tells a client about its behaviour. They are
// hints the client may use (to skip a confirmation, to retry), never guarantees, so they are
// set to what the code below really does: every tool only reads the in-memory order book.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/** Reads one order, changes nothing, gives the same answer when asked again. */
export const READS_ONE_ORDER: ToolAnnotations = {
  readOnlyHint: true,
  idempotentHint: true,
  // Paper Trail's orders are its own closed world: no carrier or web service is asked.
  openWorldHint: false,
};

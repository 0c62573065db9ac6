// --maintenance: a tool that takes another tool off the list and puts it back while the
// session runs, so a client can watch notifications/tools/list_changed and re-list.
// set_maintenance {on: true} disables track_shipment (the carrier's scan feed is "down for
// maintenance"); {on: false} enables it again. McpServer sends the list_changed notification
// itself whenever a registered tool is enabled or disabled; asking for the state the tool
// is already in changes nothing and sends nothing.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function registerMaintenance(server: McpServer, tracking: RegisteredTool): void {
  server.registerTool(
    'set_maintenance',
    {
      title: 'Set maintenance',
      description:
        'Switch the carrier scan feed off (on: true) or back on (on: false); track_shipment is listed only while it is on.',
      inputSchema: { on: z.boolean().describe('true: take track_shipment offline') },
      annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ on }) => {
      const already = tracking.enabled !== on;
      if (already) {
        return {
          content: [{ type: 'text', text: `maintenance is already ${on ? 'on' : 'off'}` }],
        };
      }
      if (on) tracking.disable();
      else tracking.enable();
      return {
        content: [
          {
            type: 'text',
            text: on
              ? 'maintenance on: track_shipment is offline'
              : 'maintenance off: track_shipment is back',
          },
        ],
      };
    },
  );
}

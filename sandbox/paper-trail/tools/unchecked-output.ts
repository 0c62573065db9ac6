// --unchecked-output: order_status's structured output breaks its outputSchema, as with
// --buggy-output, and this time it reaches the client. SDK 1.32.2's McpServer always checks a
// tool's structured output against its outputSchema and offers no switch to turn that off,
// so Paper Trail stands in for a server that does not check (one written on the low-level
// Server, another SDK, a proxy that rewrites results): it changes order_status's results on
// their way out, after the SDK has checked them. The text content keeps the right record.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { buggyStructured } from './buggy-output.ts';
import type { OrderRecord } from '../orders.ts';

type Message = Record<string, unknown>;

/** Rewrites, on one transport, the structured content of every order_status result. */
function uncheck(transport: Transport): void {
  const calls = new Set<unknown>();
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const m = message as Message;
    const params = m.params as Message | undefined;
    if (m.method === 'tools/call' && params?.name === 'order_status') calls.add(m.id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as Message;
    const result = m.result as Message | undefined;
    if ('id' in m && calls.delete(m.id) && result?.structuredContent !== undefined) {
      const structured = buggyStructured(result.structuredContent as OrderRecord);
      message = {
        ...m,
        result: { ...result, structuredContent: structured },
      } as unknown as JSONRPCMessage;
    }
    return send(message, options);
  };
}

/** Makes every transport this server connects to send order_status's output unchecked. */
export function sendOutputUnchecked(server: McpServer): void {
  const connect = server.connect.bind(server);
  server.connect = async (transport: Transport) => {
    await connect(transport);
    uncheck(transport);
  };
}

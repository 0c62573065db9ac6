// --buggy-output: order_status's handler makes a classic mistake, so a lesson and an exercise
// can watch output validation happen. The ETA goes out as a timestamp in milliseconds instead
// of the YYYY-MM-DD string the outputSchema promises (the text content keeps the right
// record). SDK 1.32.2's McpServer checks structured output against the outputSchema before it
// answers, so what reaches the client is an isError "Output validation error" result.
import type { OrderRecord } from '../orders.ts';

/** The structured content a buggy handler sends for an order: eta as a number. */
export function buggyStructured(order: OrderRecord): Record<string, unknown> {
  return { ...order, eta: Date.parse(`${order.eta}T00:00:00Z`) };
}

// Which diagnostics the server must keep, told by what each says to an operator rather than
// by its words, so that a rewording passes and a deletion does not: the start-up line, the
// count of loaded orders, and one line for each order_status call, naming its order.
import {
  argumentsOf,
  toolCalls,
  type Diagnostic,
  type Read,
  type RunRecord,
} from '../../../../sandbox/checks/index.ts';

// The starter's banner "=== Paper Trail (exercise copy) v1.0 ===" and its ready line both
// tell that the server is up; either will do.
const STARTED = /paper.?trail|===|\b(start(ing|ed)?|ready|up|listening|running)\b/i;
// "loaded 2 orders": a load, or the count of orders.
const LOADED = /\bload|\b\d+ orders?\b|\borders?\b\D*\d/i;

/** The order ids the reference client asked order_status about, with their requests. */
function calls(run: RunRecord): { orderId: string; call: Read }[] {
  return toolCalls(run, 'order_status').flatMap((call) => {
    const id = argumentsOf(call).order_id;
    return typeof id === 'string' ? [{ orderId: id, call }] : [];
  });
}

/** Every diagnostic this run's server should have written on stderr. */
export function expectedDiagnostics(run: RunRecord): Diagnostic[] {
  return [
    {
      what: 'the start-up line (the banner, or the line saying it is ready)',
      says: (l) => STARTED.test(l),
    },
    { what: 'the count of loaded orders ("loaded 2 orders")', says: (l) => LOADED.test(l) },
    ...calls(run).map(({ orderId, call }) => ({
      what: `the line logged for the order_status call for ${orderId}`,
      says: (l: string) => l.includes(orderId),
      call,
    })),
  ];
}

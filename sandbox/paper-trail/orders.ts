// Paper Trail's whole "database". The course quotes the fixed records, so lessons, captures
// and plain runs always see them. A check run passes a seed and gets the same orders with a
// per-run status, carrier and ETA instead: a client that prints a copy of the lesson's answer
// rather than the reply it got cannot pass.
import { seeded } from '../input/seed.ts';

export type OrderStatus = 'processing' | 'shipped' | 'delivered';

export interface OrderRecord {
  order_id: string;
  status: OrderStatus;
  carrier: string;
  eta: string;
}

const ORDERS: readonly OrderRecord[] = [
  { order_id: 'PT-1041', status: 'shipped', carrier: 'Delhivery', eta: '2026-08-05' },
  { order_id: 'PT-1017', status: 'delivered', carrier: 'Blue Dart', eta: '2026-07-21' },
];

const STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];
// Every per-run carrier holds a character of more than one byte in UTF-8, so a client that
// decodes each chunk it reads on its own, rather than the whole line, garbles it.
const CARRIERS: readonly string[] = [
  'Correos Exprés',
  'Chronopost → Orléans',
  'Posten Norge – Tromsø',
  'Österreichische Post',
  'Poste Italiane → Forlì',
  'Blue Dart → Pune hub',
];
const FIRST_ETA = Date.UTC(2026, 7, 1);
const DAY_MS = 86_400_000;

/** Scan texts sent as progress messages by track_shipment, in order. */
export function trackingSteps(order: OrderRecord): string[] {
  return [
    `Label created: ${order.order_id} handed to ${order.carrier}`,
    `In transit: ${order.order_id} left the Bengaluru sort centre`,
    `Last scan: ${order.status}, ETA ${order.eta}`,
  ];
}

/** The orders a server serves: the fixed ones, or with a seed this run's variation of them. */
/**
 * The same orders with none delivered yet (--undelivered in both Paper Trail builds): a check
 * run that must see cancel_order ask keeps its per-run statuses and carriers, but every
 * order can still be cancelled.
 */
export function undelivered(orders: readonly OrderRecord[]): OrderRecord[] {
  return orders.map((order) =>
    order.status === 'delivered' ? { ...order, status: 'shipped' as const } : order,
  );
}

/**
 * The same orders with one of them delivered (--delivered): a check run in which cancel_order
 * refuses that order before asking, so a client that answers questions by counting them, not
 * by the call they belong to, gives the wrong answer to the only question asked.
 */
export function deliveredOne(orders: readonly OrderRecord[], id: string): OrderRecord[] {
  return orders.map((order) =>
    order.order_id === id ? { ...order, status: 'delivered' as const } : order,
  );
}

export function orderBook(seed?: number): OrderRecord[] {
  if (seed === undefined) return allOrders();
  return ORDERS.map((order, i) => {
    const pick = <T>(list: readonly T[], salt: number): T =>
      list[Math.floor(seeded(seed, i, salt) * list.length)]!;
    const days = Math.floor(seeded(seed, i, 3) * 60);
    return {
      order_id: order.order_id,
      status: pick(STATUSES, 1),
      carrier: pick(CARRIERS, 2),
      eta: new Date(FIRST_ETA + days * DAY_MS).toISOString().slice(0, 10),
    };
  });
}

export function findOrder(orderId: string): OrderRecord | undefined {
  const found = ORDERS.find((order) => order.order_id === orderId);
  return found ? { ...found } : undefined;
}

export function allOrders(): OrderRecord[] {
  return ORDERS.map((order) => ({ ...order }));
}

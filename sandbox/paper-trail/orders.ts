// Paper Trail's whole "database": the course quotes these records, so they never change at
// run time and every transport serves the same data.

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

/** Scan texts sent as progress messages by track_shipment, in order. */
export function trackingSteps(order: OrderRecord): string[] {
  return [
    `Label created: ${order.order_id} handed to ${order.carrier}`,
    `In transit: ${order.order_id} left the Bengaluru sort centre`,
    `Last scan: ${order.status}, ETA ${order.eta}`,
  ];
}

export function findOrder(orderId: string): OrderRecord | undefined {
  const found = ORDERS.find((order) => order.order_id === orderId);
  return found ? { ...found } : undefined;
}

export function allOrders(): OrderRecord[] {
  return ORDERS.map((order) => ({ ...order }));
}

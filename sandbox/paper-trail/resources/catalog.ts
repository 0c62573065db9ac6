// The order catalog Paper Trail serves as resources with --live: the two orders the course
// quotes plus enough older ones that resources/list needs several pages, and one new order,
// listed first, whose status moves on while a client is subscribed to it. A check run (a seed)
// gets a different new order id, a different number of steps before "delivered", and the
// unrelated update at a different point, so a client cannot pass on remembered answers.
import { seeded } from '../../input/seed.ts';
import { orderBook, undelivered } from '../orders.ts';

/** What a resource read of orders://{order_id} returns, as JSON text. */
export interface CatalogOrder {
  order_id: string;
  status: string;
  carrier: string;
  eta: string;
}

/** Everything the live order goes through, in order; a run uses some of */
const WALK = ['processing', 'packed', 'shipped', 'out_for_delivery', 'delivered'] as const;

const OLDER: readonly CatalogOrder[] = [
  { order_id: 'PT-1058', status: 'shipped', carrier: 'Ekart', eta: '2026-08-09' },
  { order_id: 'PT-1052', status: 'processing', carrier: 'DTDC', eta: '2026-08-12' },
  { order_id: 'PT-1049', status: 'shipped', carrier: 'Blue Dart', eta: '2026-08-06' },
  // PT-1041 comes from orders.ts here
  { order_id: 'PT-1036', status: 'delivered', carrier: 'Delhivery', eta: '2026-07-30' },
  { order_id: 'PT-1029', status: 'delivered', carrier: 'India Post', eta: '2026-07-26' },
  // PT-1017 comes from orders.ts here
  { order_id: 'PT-1008', status: 'delivered', carrier: 'Ekart', eta: '2026-07-14' },
  { order_id: 'PT-1003', status: 'delivered', carrier: 'DTDC', eta: '2026-07-10' },
];

export interface Catalog {
  /** Every order, newest first (the order resources/list uses). */
  orders: CatalogOrder[];
  /** The order that moves on while subscribed: always the first in the list. */
  live: string;
  /** The statuses it takes after its first one, ending with "delivered". */
  steps: string[];
  /** The order whose update is announced unasked, and before which of `steps` (index). */
  other: { order_id: string; status: string; before: number };
}

/**
 * The catalog; with `repeatStatus`, one of the live order's updates keeps the status it had
 * (live.ts moves its ETA instead): where it comes is drawn from the seed, the first update
 * without one.
 */
export function catalog(seed?: number, repeatStatus = false): Catalog {
  // The lesson's order is never delivered here: a client that watches it instead of the newest
  // one then waits for a "delivered" that never comes on every seed, rather than stopping
  // cleanly on the seeds that happened to deliver it, so its report does not depend on the draw.
  const [pt1041, pt1017] = orderBook(seed);
  const [lessonOrder] = undelivered([pt1041!]);
  const number = seed === undefined ? 1063 : 1064 + Math.floor(seeded(seed, 40) * 900);
  const live = `PT-${number}`;
  // The middle of the walk: in a seeded run each of the three may be kept or dropped, so a
  // run has two to four updates; without a seed the lesson's walk, processing → shipped →
  // delivered.
  const middle =
    seed === undefined
      ? ['shipped']
      : WALK.slice(1, -1).filter((_, i) => seeded(seed, 41, i) < 0.6);
  // At least two updates, so a client that stops after the first one never sees "delivered".
  const steps = [...(middle.length > 0 ? middle : ['shipped']), 'delivered'];
  const before = seed === undefined ? 1 : Math.floor(seeded(seed, 42) * steps.length);
  if (repeatStatus) {
    // Before "delivered" at the latest: the repeat must be read before the client may stop.
    const at = seed === undefined ? 0 : Math.floor(seeded(seed, 43) * steps.length);
    steps.splice(at, 0, at === 0 ? WALK[0] : steps[at - 1]!);
  }
  const orders: CatalogOrder[] = [
    {
      order_id: live,
      status: WALK[0],
      carrier: pt1041!.carrier,
      eta: pt1041!.eta,
    },
    ...OLDER.slice(0, 3).map((o) => ({ ...o })),
    { ...lessonOrder! },
    ...OLDER.slice(3, 5).map((o) => ({ ...o })),
    { ...pt1017! },
    ...OLDER.slice(5).map((o) => ({ ...o })),
  ];
  return {
    orders,
    live,
    steps,
    other: { order_id: 'PT-1058', status: 'delivered', before },
  };
}

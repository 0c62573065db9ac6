// Paper Trail's data: fixed for lessons, captures and plain runs; varied by a check run's seed,
// with a carrier a client must decode as UTF-8 across reads.
import { describe, expect, it } from 'vitest';
import { allOrders } from '../../sandbox/paper-trail/index.ts';
import { deliveredOne, orderBook, undelivered } from '../../sandbox/paper-trail/orders.ts';
import { parsePaperTrailArgs } from '../../sandbox/paper-trail/args.ts';

describe('order data', () => {
  it('is the fixed data the lessons quote without a seed', () => {
    expect(orderBook()).toEqual(allOrders());
    expect(orderBook().find((o) => o.order_id === 'PT-1041')?.carrier).toBe('Delhivery');
  });

  it('varies with the seed, never back to the lesson data, always with a multi-byte carrier', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const book = orderBook(seed);
      expect(book).toEqual(orderBook(seed));
      expect(book.map((o) => o.order_id)).toEqual(allOrders().map((o) => o.order_id));
      for (const order of book) {
        expect(order).not.toEqual(allOrders().find((o) => o.order_id === order.order_id));
        expect(Buffer.byteLength(order.carrier)).toBeGreaterThan(order.carrier.length);
        expect(order.eta).toMatch(/^2026-\d\d-\d\d$/);
      }
      seen.add(JSON.stringify(book[0]));
    }
    expect(seen.size).toBeGreaterThan(30);
  });

  it('takes the seed on the command line, in both transports', () => {
    expect(parsePaperTrailArgs(['--seed', '42'])).toEqual({ mode: 'stdio', seed: 42 });
    expect(parsePaperTrailArgs(['--seed', '7', '--http'])).toMatchObject({ mode: 'http', seed: 7 });
    expect(() => parsePaperTrailArgs(['--seed', 'x'])).toThrow(/--seed must be a whole number/);
  });
});

describe('undelivered (--undelivered)', () => {
  it('keeps every order, carrier and id of the run, with no order delivered', () => {
    for (const seed of [7, 21]) {
      const book = orderBook(seed);
      const open = undelivered(book);
      expect(book.some((o) => o.status === 'delivered')).toBe(true);
      expect(open.some((o) => o.status === 'delivered')).toBe(false);
      expect(open.map((o) => [o.order_id, o.carrier])).toEqual(
        book.map((o) => [o.order_id, o.carrier]),
      );
    }
  });
});

describe('deliveredOne (--delivered)', () => {
  it('delivers the named order over an open book and leaves every other as it was', () => {
    for (const seed of [7, 21]) {
      const open = undelivered(orderBook(seed));
      const one = deliveredOne(open, 'PT-1041');
      expect(one.filter((o) => o.status === 'delivered').map((o) => o.order_id)).toEqual([
        'PT-1041',
      ]);
      expect(one.filter((o) => o.order_id !== 'PT-1041')).toEqual(
        open.filter((o) => o.order_id !== 'PT-1041'),
      );
    }
  });
});

// Picking frames by method and direction, finding a reply by the id a driver reported, and a
// failure that counts the other cases: read from real frame text through the wire module.
import { describe, expect, it } from 'vitest';
import {
  andMore,
  frameRef,
  isNotification,
  isRequest,
  notificationsOf,
  replyById,
  requestsOf,
  say,
  stringOf,
  conversation,
  type Direction,
  type RunRecord,
} from '../../sandbox/checks/index.ts';

const frame = (seq: number, dir: Direction, message: object) => ({
  seq,
  t: seq,
  dir,
  transport: 'stdio' as const,
  text: JSON.stringify({ jsonrpc: '2.0', ...message }),
});

// These readers look at the frames alone, so the rest of the record is left out.
const run = {
  frames: [
    frame(0, 'c2s', { id: 1, method: 'resources/read', params: { uri: 'a' } }),
    frame(1, 's2c', { method: 'notifications/resources/updated', params: { uri: 'a' } }),
    frame(2, 's2c', { id: 1, result: {} }),
    frame(3, 'c2s', { method: 'notifications/resources/updated', params: { uri: 'b' } }),
    frame(4, 's2c', { id: 7, method: 'resources/read', params: { uri: 'c' } }),
    frame(5, 'c2s', { id: 2, method: 'resources/read', params: { uri: 'd' } }),
    frame(6, 's2c', { id: 2, error: { code: -32602, message: 'no' } }),
  ],
} as unknown as RunRecord;

const seqs = (reads: { frame: { seq: number } }[]) => reads.map((r) => r.frame.seq);

describe('by method', () => {
  it('takes requests from the client and notifications from the server unless told', () => {
    expect(seqs(requestsOf(run, 'resources/read'))).toEqual([0, 5]);
    expect(seqs(requestsOf(run, 'resources/read', 's2c'))).toEqual([4]);
    expect(seqs(notificationsOf(run, 'notifications/resources/updated'))).toEqual([1]);
    expect(seqs(notificationsOf(run, 'notifications/resources/updated', 'c2s'))).toEqual([3]);
  });

  it('tests one read for kind, method and direction', () => {
    const [read, update, , wrongWay] = conversation(run).reads;
    expect(isRequest(read!, 'resources/read')).toBe(true);
    expect(isRequest(read!, 'resources/list')).toBe(false);
    expect(isNotification(update!, 'notifications/resources/updated')).toBe(true);
    expect(isNotification(wrongWay!, 'notifications/resources/updated')).toBe(false);
    expect(isRequest(update!, 'notifications/resources/updated', 's2c')).toBe(false);
  });
});

describe('driver answers', () => {
  it('finds the server reply, result or error, by id and never a request with that id', () => {
    expect(replyById(run, 1)?.frame.seq).toBe(2);
    expect(replyById(run, 2)?.frame.seq).toBe(6);
    expect(replyById(run, 7)).toBeUndefined();
    expect(replyById(run, '1')).toBeUndefined();
  });

  it('counts the other cases in the right number, and says nothing when there are none', () => {
    const one = say`For ${frameRef(2)} it went wrong.`;
    expect(String(andMore(one, 0))).toBe('For frame 2 it went wrong.');
    expect(String(andMore(one, 1))).toBe('For frame 2 it went wrong. 1 more case went wrong too.');
    expect(String(andMore(one, 3, 'went the same way'))).toBe(
      'For frame 2 it went wrong. 3 more cases went the same way.',
    );
  });

  it('keeps a string and drops anything else', () => {
    expect(stringOf('a')).toBe('a');
    expect([stringOf(1), stringOf(null), stringOf(undefined), stringOf({})]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

// answeredRequests pairs each request of one method with its reply and leaves out the ones
// that got none.
import { describe, expect, it } from 'vitest';
import { answeredRequests } from '../../sandbox/checks/index.ts';
import { fakeRun, jsonFrame as frame } from './fake-run.ts';

describe('answeredRequests', () => {
  it('pairs requests of one method with their replies, leaving out the unanswered', () => {
    const run = fakeRun({
      frames: [
        frame(0, 'c2s', { id: 1, method: 'resources/read', params: { uri: 'a' } }),
        frame(1, 'c2s', { id: 2, method: 'resources/list' }),
        frame(2, 'c2s', { id: 3, method: 'resources/read', params: { uri: 'b' } }),
        frame(3, 's2c', { id: 3, error: { code: -32002, message: 'no such resource' } }),
        frame(4, 's2c', { id: 2, result: { resources: [] } }),
      ],
    });
    const reads = answeredRequests(run, 'resources/read');
    expect(reads.map((a) => [a.request.frame.seq, a.reply.frame.seq])).toEqual([[2, 3]]);
    expect(answeredRequests(run, 'resources/list').map((a) => a.reply.frame.seq)).toEqual([4]);
    expect(answeredRequests(run, 'resources/list', 's2c')).toEqual([]);
  });
});

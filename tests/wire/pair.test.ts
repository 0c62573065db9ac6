// Pairing replies with requests: per direction, by id and its type, first come first answered,
// one frame at a time.
import { describe, expect, it } from 'vitest';
import { Pairing, pairFrames } from '../../sandbox/wire/pair.ts';
import type { FrameRecord } from '../../sandbox/wire/record.ts';

let seq = 0;
const f = (dir: 'c2s' | 's2c', value: object): FrameRecord => ({
  seq: seq++,
  t: 0,
  dir,
  transport: 'stdio',
  text: JSON.stringify({ jsonrpc: '2.0', ...value }),
});

describe('Pairing', () => {
  it('pairs per direction: a server request with id 0 does not take the client reply 0', () => {
    seq = 0;
    const pairs = pairFrames([
      f('c2s', { id: 0, method: 'initialize', params: {} }),
      f('s2c', { id: 0, method: 'roots/list' }),
      f('c2s', { id: 0, result: { roots: [] } }),
      f('s2c', { id: 0, result: {} }),
    ]);
    expect(pairs.readings.map((r) => r.pairedWith)).toEqual([3, 2, 1, 0]);
  });

  it('keeps the string "1" and the number 1 apart', () => {
    seq = 0;
    const pairs = pairFrames([
      f('c2s', { id: '1', method: 'ping' }),
      f('s2c', { id: 1, result: {} }),
      f('s2c', { id: '1', result: {} }),
    ]);
    expect(pairs.readings.map((r) => r.pairedWith)).toEqual([2, undefined, 0]);
  });

  it('answers a reused id first come, first answered, and leaves an extra reply unpaired', () => {
    seq = 0;
    const pairs = pairFrames([
      f('c2s', { id: 1, method: 'ping' }),
      f('c2s', { id: 1, method: 'tools/list' }),
      f('s2c', { id: 1, result: {} }),
      f('s2c', { id: 1, result: {} }),
      f('s2c', { id: 1, result: {} }),
    ]);
    expect(pairs.readings.map((r) => r.pairedWith)).toEqual([2, 3, 0, 1, undefined]);
    expect(pairs.partner(pairs.get(3)!)?.method).toBe('tools/list');
  });

  it('adds one frame at a time and returns only the readings that changed', () => {
    seq = 0;
    const pairing = new Pairing();
    const [request] = pairing.add(f('c2s', { id: 7, method: 'ping' }));
    const noise = pairing.add(f('s2c', { method: 'notifications/message', params: {} }));
    const changed = pairing.add(f('s2c', { id: 7, result: {} }));
    expect(noise.map((r) => r.frame.seq)).toEqual([1]);
    expect(changed.map((r) => r.frame.seq)).toEqual([2, 0]);
    expect(request.pairedWith).toBe(2);
    // A null-id error answers nothing it could name.
    const stray = pairing.add(
      f('s2c', { id: null, error: { code: -32700, message: 'Parse error' } }),
    );
    expect(stray).toHaveLength(1);
    expect(stray[0].pairedWith).toBeUndefined();
    expect(stray[0].failureKind).toBe('protocol-error');
  });
});

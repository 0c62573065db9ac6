// The readings of a 2026-07-28 client: the _meta envelope each request carries, how a request
// was answered, an input_required answer with its retry; and the checks of how it starts.
import { describe, expect, it } from 'vitest';
import {
  conversation,
  discoveryChecks,
  envelopeProblem,
  howAnswered,
  inputRoundTrip,
  META_KEYS,
  replyTo,
  toolCalls,
} from '../../sandbox/checks/index.ts';
import { fakeRun, jsonFrame } from './fake-run.ts';

const VERSION = '2026-07-28';
const { version: PV, capabilities: CAPS, info: INFO } = META_KEYS;
const good = { [PV]: VERSION, [CAPS]: {}, [INFO]: { name: 'c', version: '1' } };

/** The one request a client sent with these params (or these members beside them). */
const requestWith = (extra: object) =>
  conversation(
    fakeRun({ frames: [jsonFrame(0, 'c2s', { id: 1, method: 'x', ...extra })] }),
  ).requests('c2s')[0]!;

describe('envelopeProblem', () => {
  it('finds nothing wrong with a whole envelope', () => {
    expect(envelopeProblem(requestWith({ params: { _meta: good } }), VERSION)).toBeUndefined();
  });

  it('names each way an envelope falls short, near misses as such', () => {
    const problem = (extra: object) => envelopeProblem(requestWith(extra), VERSION);
    expect(problem({})).toBe('has no params._meta, so it names no protocol version');
    const { [PV]: _v, ...noVersion } = good;
    expect(
      problem({ params: { _meta: { ...noVersion, 'x/protocolVersion': VERSION } } }),
    ).toContain('puts the version under "x/protocolVersion"');
    expect(problem({ params: { _meta: { ...good, [PV]: '2025-11-25' } } })).toBe(
      `names protocol version "2025-11-25"; this client speaks "${VERSION}"`,
    );
    const { [CAPS]: _c, ...noCaps } = good;
    expect(problem({ params: { _meta: noCaps } })).toContain(`has no "${CAPS}" object`);
    expect(problem({ params: { _meta: { ...good, [INFO]: { name: 'c' } } } })).toContain(
      `has no "${INFO}" with a name and a version`,
    );
  });
});

describe('howAnswered', () => {
  const frames = [
    jsonFrame(0, 'c2s', { id: 1, method: 'a' }),
    jsonFrame(1, 's2c', { id: 1, error: { code: -32601, message: 'Method not found' } }),
    jsonFrame(2, 'c2s', { id: 2, method: 'b' }),
    jsonFrame(3, 's2c', { id: 2, result: { resultType: 'complete' } }),
    jsonFrame(4, 'c2s', { id: 3, method: 'c' }),
    jsonFrame(5, 's2c', { id: 3, result: {} }),
    jsonFrame(6, 'c2s', { id: 4, method: 'd' }),
  ];
  const run = fakeRun({ frames });
  const words = (i: number) =>
    String(howAnswered(replyTo(run, conversation(run).requests('c2s')[i])));

  it('says what the server made of a request: an error, a resultType, an old result, nothing', () => {
    expect(words(0)).toBe('was answered in frame 1 with error -32601 "Method not found"');
    expect(words(1)).toBe('was answered in frame 3 with resultType "complete"');
    expect(words(2)).toContain('a result without resultType (a 2025-11-25 answer)');
    expect(words(3)).toBe('got no answer');
  });
});

describe('inputRoundTrip', () => {
  const call = (seq: number, id: number) =>
    jsonFrame(seq, 'c2s', { id, method: 'tools/call', params: { name: 't' } });
  const asks = { resultType: 'input_required', inputRequests: { confirm: {} }, requestState: 's' };

  it('pairs an input_required answer with the next call, the retry, and its answer', () => {
    const run = fakeRun({
      frames: [
        call(0, 1),
        jsonFrame(1, 's2c', { id: 1, result: asks }),
        call(2, 2),
        jsonFrame(3, 's2c', { id: 2, result: { resultType: 'complete' } }),
      ],
    });
    const trip = inputRoundTrip(run, toolCalls(run, 't'));
    expect(trip).toMatchObject({ inputRequired: true, keys: ['confirm'] });
    expect([trip.asked, trip.retry, trip.final].map((r) => r?.frame.seq)).toEqual([1, 2, 3]);
  });

  it('has no retry when the first answer was the answer', () => {
    const run = fakeRun({
      frames: [
        call(0, 1),
        jsonFrame(1, 's2c', { id: 1, result: { resultType: 'complete' } }),
        call(2, 2),
      ],
    });
    const trip = inputRoundTrip(run, toolCalls(run, 't'));
    expect(trip.inputRequired).toBe(false);
    expect(trip.retry).toBeUndefined();
  });
});

describe('discoveryChecks', () => {
  const meta = { _meta: good };
  const discover = jsonFrame(0, 'c2s', { id: 1, method: 'server/discover', params: meta });
  const offered = (seq = 1) =>
    jsonFrame(seq, 's2c', { id: 1, result: { supportedVersions: [VERSION] } });
  const call = (seq: number, params: object = meta) =>
    jsonFrame(seq, 'c2s', { id: 2, method: 'tools/call', params: { name: 't', ...params } });
  const judged = (...frames: ReturnType<typeof jsonFrame>[]) =>
    discoveryChecks(VERSION).map((c) => [c.id, c.run(fakeRun({ frames })).ok]);

  it('passes a client that discovers, waits for the answer and sends the envelope', () => {
    expect(judged(discover, offered(), call(2))).toEqual([
      ['no-initialize', true],
      ['discover-first', true],
      ['meta-envelope', true],
    ]);
  });

  it('fails each rule on its own mistake', () => {
    const init = jsonFrame(0, 'c2s', { id: 1, method: 'initialize', params: meta });
    expect(judged(init)[0]).toEqual(['no-initialize', false]);
    expect(judged(discover, call(1), offered(2))[1]).toEqual(['discover-first', false]);
    expect(judged(discover, offered(), call(2, {}))[2]).toEqual(['meta-envelope', false]);
  });
});

// The readings of a 2026-07-28 client: the _meta envelope each request carries.
import { describe, expect, it } from 'vitest';
import { conversation, envelopeProblem, META_KEYS } from '../../sandbox/checks/index.ts';
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

// Paper Trail v2's flags: what a person types, and the sentence a mistake gets.
import { describe, expect, it } from 'vitest';
import { parsePaperTrailV2Args } from '../../sandbox/paper-trail-v2/args.ts';

describe('parsePaperTrailV2Args', () => {
  it('serves stdio with legacy serve by default', () => {
    expect(parsePaperTrailV2Args([])).toEqual({ mode: 'stdio', legacy: 'serve' });
  });
  it('takes --legacy reject, --seed and --http --port', () => {
    expect(parsePaperTrailV2Args(['--legacy', 'reject', '--seed', '7'])).toEqual({
      mode: 'stdio',
      legacy: 'reject',
      seed: 7,
    });
    expect(parsePaperTrailV2Args(['--http', '--port', '3000', '--json-response'])).toEqual({
      mode: 'http',
      legacy: 'serve',
      port: 3000,
      jsonResponse: true,
    });
  });
  it('takes --undelivered on either transport', () => {
    expect(parsePaperTrailV2Args(['--undelivered', '--seed', '3'])).toEqual({
      mode: 'stdio',
      legacy: 'serve',
      seed: 3,
      undelivered: true,
    });
    expect(parsePaperTrailV2Args(['--http', '--undelivered'])).toMatchObject({
      mode: 'http',
      undelivered: true,
    });
  });
  it('takes --input-key, the key cancel_order asks under, and refuses a key that is no name', () => {
    expect(parsePaperTrailV2Args(['--input-key', 'approval'])).toEqual({
      mode: 'stdio',
      legacy: 'serve',
      inputKey: 'approval',
    });
    expect(() => parsePaperTrailV2Args(['--input-key', '2 words'])).toThrow(
      '--input-key takes a name of letters, digits, "-" and "_", starting with a letter',
    );
  });
  it('explains a wrong --legacy value and a --port without --http', () => {
    expect(() => parsePaperTrailV2Args(['--legacy', 'allow'])).toThrow(
      '--legacy takes serve (answer 2025-11-25 clients) or reject (refuse them)',
    );
    expect(() => parsePaperTrailV2Args(['--port', '3000'])).toThrow(
      '--port and --json-response only make sense together with --http',
    );
  });
});

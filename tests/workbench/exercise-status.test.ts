// The badges read stored progress without zod (lesson pages have a script budget); they must
// still agree with the full reader on every value, whole or damaged.
import { describe, expect, it } from 'vitest';
import { savedTextOf, statusOf } from '../../components/workbench/exercise-status.ts';
import { readProgress } from '../../components/workbench/progress.ts';

const VALUES: (string | null)[] = [
  null,
  '',
  '{"files":',
  '[]',
  '[{"done":true}]',
  'null',
  'true',
  '42',
  '"done"',
  '{}',
  '{"done":true}',
  '{"done":"true"}',
  '{"done":1}',
  '{"files":{"client.ts":123},"done":true}',
  '{"files":"client.ts","done":true}',
  '{"files":{"client.ts":"a"},"done":false}',
  '{"files":{"client.ts":"a"}}',
];

describe('exercise status badges', () => {
  it.each(VALUES.map((v) => [v]))('%j reads as the full reader reads it', (raw) => {
    const { progress } = readProgress(raw);
    const expected = progress?.done ? 'done' : progress ? 'started' : 'not-started';
    expect(statusOf(raw)).toBe(expected);
  });

  it.each(VALUES.map((v) => [v]))(
    '%j previews the saved client.ts as the full reader keeps it',
    (raw) => {
      const kept = readProgress(raw, ['client.ts']).progress?.files['client.ts'] ?? null;
      expect(savedTextOf(raw, 'client.ts')).toBe(kept);
    },
  );

  it('previews only a string, never a prototype member', () => {
    expect(savedTextOf('{"files":{"__proto__":"x"}}', 'toString')).toBeNull();
    expect(savedTextOf('{"files":{}}', 'constructor')).toBeNull();
  });

  it('tells the three states apart', () => {
    expect([null, '{}', '{"done":true}'].map(statusOf)).toEqual(['not-started', 'started', 'done']);
  });
});

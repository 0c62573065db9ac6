// The one rule for which learner files may be written, shared by exercise.json validation, the
// harness's work folder, the local workspace and the WebContainer mount.
import { describe, expect, it } from 'vitest';
import {
  assertEditable,
  isEditable,
  isInsideFolder,
  NotEditableError,
} from '../../sandbox/exercises/editable.ts';

describe('editable files', () => {
  it('keeps paths inside the exercise folder', () => {
    for (const ok of ['client.ts', 'src/client.ts', 'a..b.ts'])
      expect(isInsideFolder(ok)).toBe(true);
    for (const bad of ['', '/etc/passwd', '../escape.ts', 'src/../../x', '..']) {
      expect(isInsideFolder(bad), bad).toBe(false);
    }
  });

  it('accepts exactly the listed files', () => {
    const editable = ['client.ts', 'lib/outcome.ts'];
    expect(isEditable(editable, 'client.ts')).toBe(true);
    expect(isEditable(editable, 'lib/outcome.ts')).toBe(true);
    expect(isEditable(editable, './client.ts')).toBe(false);
    expect(isEditable(editable, 'server.ts')).toBe(false);
    // A list that slipped past validation still cannot let a write climb out.
    expect(isEditable(['../x.ts'], '../x.ts')).toBe(false);
  });

  it('names the first refused path, the exercise and what is editable', () => {
    expect(() => assertEditable('raw-client', ['client.ts'], ['client.ts'])).not.toThrow();
    const attempt = () =>
      assertEditable('raw-client', ['client.ts'], ['client.ts', '../../etc/passwd']);
    expect(attempt).toThrow(NotEditableError);
    expect(attempt).toThrow(
      '"../../etc/passwd" is not an editable file of raw-client (editable: client.ts)',
    );
  });
});

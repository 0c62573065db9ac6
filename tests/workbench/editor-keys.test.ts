// /shortcuts/ lists the editor's keys from editor-keys.ts; each must be bound in the keymap
// the editor loads, or the page promises a key that does nothing.
import { describe, expect, it } from 'vitest';
import { EDITOR_KEYMAP, EDITOR_SHORTCUTS } from '../../components/workbench/editor-keys.ts';

describe('editor shortcuts', () => {
  it('lists only keys the editor binds', () => {
    const bound = new Set(EDITOR_KEYMAP.flatMap((b) => [b.key, b.mac].filter(Boolean)));
    for (const shortcut of EDITOR_SHORTCUTS) {
      expect(bound.has(shortcut.key), `${shortcut.shown} (${shortcut.key})`).toBe(true);
    }
  });

  it('leaves Tab to the page, so keyboard users can leave the editor', () => {
    expect(EDITOR_KEYMAP.some((b) => b.key === 'Tab')).toBe(false);
  });
});

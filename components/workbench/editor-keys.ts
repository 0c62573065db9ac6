// The editor's key bindings and the words /shortcuts/ shows for them, in one place: the page
// lists what the editor really binds, and tests/workbench/editor-keys.test.ts fails when a
// listed key is no longer bound (a trimmed extension took its keymap with it).
import { closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, historyKeymap } from '@codemirror/commands';
import type { KeyBinding } from '@codemirror/view';

/** CodeMirror's own bindings the editor keeps, in precedence order. */
export const EDITOR_KEYMAP: readonly KeyBinding[] = [
  ...closeBracketsKeymap,
  ...defaultKeymap,
  ...historyKeymap,
];

export interface EditorShortcut {
  /** The binding as CodeMirror names it ("Mod" is Ctrl, or ⌘ on a Mac). */
  key: string;
  /** How the page writes the keys. */
  shown: string;
  does: string;
}

export const EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
  { key: 'Mod-z', shown: 'Ctrl+Z / ⌘+Z', does: 'Undo' },
  { key: 'Mod-y', shown: 'Ctrl+Y / ⌘+Shift+Z', does: 'Redo' },
  { key: 'Mod-/', shown: 'Ctrl+/ / ⌘+/', does: 'Comment or uncomment the line' },
  { key: 'Mod-]', shown: 'Ctrl+] / ⌘+]', does: 'Indent the line' },
  { key: 'Mod-[', shown: 'Ctrl+[ / ⌘+[', does: 'Outdent the line' },
  { key: 'Alt-ArrowUp', shown: 'Alt+↑, Alt+↓', does: 'Move the line up or down' },
  { key: 'Shift-Alt-ArrowUp', shown: 'Shift+Alt+↑, Shift+Alt+↓', does: 'Copy the line up or down' },
  { key: 'Mod-Alt-\\', shown: 'Ctrl+Alt+\\ / ⌘+Alt+\\', does: 'Re-indent the selection' },
  { key: 'Escape', shown: 'Escape', does: 'Keep only the main cursor' },
];

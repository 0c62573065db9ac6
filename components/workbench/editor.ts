// The code editor: one CodeMirror view, one state per file (a tab each), TypeScript
// highlighting, read-only states for reference files, Mod-Enter to run. Colours come from
// the site's theme variables, so light and dark follow the page without a reload.
// CodeMirror's basicSetup, less what short exercise files do without: the completion popup,
// the search panel, code folding, lint and rectangular selection were a quarter of the
// editor's weight, and the page loads the editor before anything else (bench/weight.goal.ts).
import { closeBrackets } from '@codemirror/autocomplete';
import { history } from '@codemirror/commands';
import { typescriptLanguage } from '@codemirror/lang-javascript';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { EDITOR_KEYMAP } from './editor-keys.ts';

/** What the editor keeps of basicSetup, in its order. */
const essentials: Extension[] = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  indentOnInput(),
  bracketMatching(),
  closeBrackets(),
  highlightActiveLine(),
  keymap.of([...EDITOR_KEYMAP]),
];

const highlight = HighlightStyle.define([
  {
    tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword],
    color: 'var(--cm-keyword)',
  },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--cm-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--cm-number)' },
  {
    tag: [t.comment, t.lineComment, t.blockComment],
    color: 'var(--cm-comment)',
    fontStyle: 'italic',
  },
  { tag: [t.typeName, t.className, t.namespace], color: 'var(--cm-type)' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--cm-function)' },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--cm-property)' },
  { tag: t.invalid, color: 'var(--danger)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--bg-code)', height: '100%' },
  '.cm-content': { fontFamily: 'var(--font-mono)', fontSize: '0.875rem', caretColor: 'var(--fg)' },
  '.cm-gutters': {
    backgroundColor: 'var(--bg-soft)',
    color: 'var(--fg-soft)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--cm-selection) !important',
  },
  '.cm-scroller': { overflow: 'auto' },
});

export interface EditorFile {
  path: string;
  text: string;
  readOnly: boolean;
}

export interface Editor {
  /** Current text of every editable file. */
  files(): Record<string, string>;
  /** Replaces the text of editable files (Reset, Show solution). */
  replace(files: Record<string, string>): void;
  show(path: string): void;
  focus(): void;
}

export function createEditor(
  host: HTMLElement,
  files: EditorFile[],
  hooks: { onChange: () => void; onRun: () => void },
): Editor {
  const common: Extension[] = [
    essentials,
    new LanguageSupport(typescriptLanguage),
    syntaxHighlighting(highlight),
    theme,
    // The starters' TODO comments are long: wrapped, they read whole at any width.
    EditorView.lineWrapping,
    // The default keymap binds Mod-Enter to "insert blank line"; running wins.
    Prec.highest(
      keymap.of([{ key: 'Mod-Enter', preventDefault: true, run: () => (hooks.onRun(), true) }]),
    ),
  ];
  // A screen reader hears which file it is in, whether it can type there, and how to run:
  // the hint is the workbench's own text (data-editor-hint), so it is read once, not per line.
  const hint = host.closest('[data-workbench]')?.querySelector('[data-editor-hint]');
  const labelled = (f: EditorFile) =>
    EditorView.contentAttributes.of({
      'aria-label': `Code editor: ${f.path}${f.readOnly ? ' (read-only)' : ''}`,
      ...(hint?.id ? { 'aria-describedby': hint.id } : {}),
    });
  const states = new Map<string, EditorState>();
  const readOnly = new Set<string>();
  const make = (f: EditorFile) =>
    EditorState.create({
      doc: f.text,
      extensions: f.readOnly
        ? [...common, labelled(f), EditorState.readOnly.of(true), EditorView.editable.of(false)]
        : [
            ...common,
            labelled(f),
            EditorView.updateListener.of((u) => u.docChanged && hooks.onChange()),
          ],
    });
  for (const f of files) {
    states.set(f.path, make(f));
    if (f.readOnly) readOnly.add(f.path);
  }
  let current = files[0].path;
  host.replaceChildren();
  const view = new EditorView({ state: states.get(current), parent: host });
  // Read-only tabs have no editable content to focus, yet scroll: keep them keyboard-reachable.
  view.scrollDOM.tabIndex = 0;

  const textOf = (path: string) =>
    (path === current ? view.state : states.get(path))?.doc.toString() ?? '';

  return {
    files() {
      const out: Record<string, string> = {};
      for (const path of states.keys()) if (!readOnly.has(path)) out[path] = textOf(path);
      return out;
    },
    replace(next) {
      for (const [path, text] of Object.entries(next)) {
        if (readOnly.has(path) || !states.has(path)) continue;
        if (path === current) {
          view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
        } else {
          states.set(path, make({ path, text, readOnly: false }));
        }
      }
      hooks.onChange();
    },
    show(path) {
      if (path === current || !states.has(path)) return;
      states.set(current, view.state);
      current = path;
      view.setState(states.get(path)!);
    },
    focus() {
      view.focus();
    },
  };
}

// The editor panel: the file tabs and CodeMirror over the controller's files. Typing goes to
// the controller (which saves it); files the controller replaces come back into the editor.
import type { WorkbenchController } from './controller.ts';
import type { WorkbenchData } from './data.ts';
import { createEditor, type Editor } from './editor.ts';

export function mountEditor(
  root: HTMLElement,
  wb: WorkbenchController,
  data: WorkbenchData,
): Editor {
  const files = wb.files();
  // Showing files the controller replaced is not an edit of the learner's: it must not mark
  // this tab as having changed something (see the two-tab rule in saved-code.ts).
  let replacing = false;
  const editor = createEditor(
    root.querySelector<HTMLElement>('[data-editor]')!,
    [
      ...data.editable.map((f) => ({ path: f.path, text: files[f.path], readOnly: false })),
      ...data.reference.map((f) => ({ path: f.path, text: f.text, readOnly: true })),
    ],
    {
      onChange: () => {
        if (!replacing) wb.edit(editor.files());
      },
      onRun: () => void wb.run('run'),
    },
  );
  wb.subscribe((e) => {
    if (e.type !== 'files') return;
    replacing = true;
    try {
      editor.replace(e.files);
    } finally {
      replacing = false;
    }
  });
  const tabs = root.querySelectorAll<HTMLButtonElement>('[data-tab]');
  for (const tab of tabs) {
    tab.addEventListener('click', () => {
      for (const t of tabs) t.setAttribute('aria-selected', 'false');
      tab.setAttribute('aria-selected', 'true');
      editor.show(tab.dataset.tab ?? '');
    });
  }
  return editor;
}

// The workbench proper, loaded only when the learner presses Start. It builds the controller
// (state: files, saving, runtime, runs, tabs) and the panels that render it (controls,
// editor, terminal, frames, checks), and connects the page's own events to the controller.
// The editor comes first and alone: the output panes (frames, checks, terminal) and the
// runtimes are chunks of their own, fetched once the learner can already type.
import { createController } from './controller.ts';
import type { WorkbenchData } from './data.ts';
import { mountControls } from './controls-panel.ts';
import { mountEditor } from './editor-panel.ts';
import { progressKey, type ProgressStore } from './progress.ts';
import { offerTakeHome } from './take-home.ts';

// localStorage is looked up on each call: a browser that blocks storage throws on the mere
// lookup, and the controller's save reports that instead of the page failing to start.
const pageStore: ProgressStore = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
};

export async function startWorkbench(root: HTMLElement, data: WorkbenchData): Promise<void> {
  let runtimes: Promise<typeof import('./runtime-choice.ts')> | undefined;
  const loadRuntimes = () => (runtimes ??= import('./runtime-choice.ts'));
  const wb = createController({
    data,
    store: pageStore,
    chooseRuntime: async () => (await loadRuntimes()).chooseRuntime(),
  });
  // From now on the download takes the code as it stands in the editor, saved or not.
  offerTakeHome(root, data, () => wb.files());
  // The editor first: the code is usable even if the sandbox never starts.
  const editor = mountEditor(root, wb, data);
  mountControls(root, wb, () => editor.focus());
  // Both at once, now that the editor is there.
  loadRuntimes().catch(() => undefined);
  const { mountOutput } = await import('./output-panel.ts');
  mountOutput(root, wb, data.id);

  addEventListener('storage', (e) => {
    if (e.key === progressKey(data.id)) wb.otherTabSaved(e.newValue);
  });
  addEventListener('pagehide', () => wb.leave());

  await wb.boot();
}

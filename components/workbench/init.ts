// The workbench's eager part: shows saved progress and the learner's saved code as plain
// text, and loads the real workbench (editor, terminal, runtime) only when the learner presses
// Start, so the task text is readable first and nothing boots without a user gesture (iOS
// requires one). It stays a few KiB: the preview reads one saved file without zod (a string
// or nothing, shown as text); the full check of saved progress loads with the workbench.
import { DATA_ELEMENT_ID, type WorkbenchData } from './data.ts';
import { applyExerciseStatus, savedTextOf } from './exercise-status.ts';
import { progressKey } from './progress-key.ts';
import { offerTakeHome } from './take-home.ts';

export function initWorkbench(): void {
  applyExerciseStatus();
  const root = document.querySelector<HTMLElement>('[data-workbench]');
  const dataEl = document.getElementById(DATA_ELEMENT_ID);
  if (!root || !dataEl) return;
  const data = JSON.parse(dataEl.textContent ?? '{}') as WorkbenchData;
  // Download works before Start too, and on a page whose sandbox never starts.
  offerTakeHome(root, data);

  const preview = root.querySelector<HTMLElement>('[data-preview]');
  const first = data.editable[0];
  if (preview && first) {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(progressKey(data.id));
    } catch {
      // Storage blocked: the preview keeps the starter.
    }
    const text = savedTextOf(raw, first.path);
    if (text !== null) preview.textContent = text;
  }

  const start = root.querySelector<HTMLButtonElement>('[data-action="start"]');
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= import('./workbench.ts').then((m) => m.startWorkbench(root, data));
    return loading;
  };
  start?.addEventListener('click', () => void load(), { once: true });
  root.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') void load();
  });
}

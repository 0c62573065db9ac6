// The workbench's eager part: shows saved progress and the learner's saved code as plain
// text, and loads the real workbench (editor, terminal, runtime) only when the learner presses
// Start, so the task text is readable first and nothing boots without a user gesture (iOS
// requires one). It is small but for the validator of saved progress (zod/mini, ~17 KiB
// gzip): saved code is never shown, even as text, before it has been checked.
import { DATA_ELEMENT_ID, type WorkbenchData } from './data.ts';
import { applyExerciseStatus } from './exercise-status.ts';
import { loadProgress } from './progress.ts';

export function initWorkbench(): void {
  applyExerciseStatus();
  const root = document.querySelector<HTMLElement>('[data-workbench]');
  const dataEl = document.getElementById(DATA_ELEMENT_ID);
  if (!root || !dataEl) return;
  const data = JSON.parse(dataEl.textContent ?? '{}') as WorkbenchData;

  const saved = loadProgress(
    data.id,
    undefined,
    data.editable.map((f) => f.path),
  ).progress;
  const preview = root.querySelector<HTMLElement>('[data-preview]');
  const first = data.editable[0];
  if (preview && first && saved?.files[first.path] !== undefined) {
    preview.textContent = saved.files[first.path];
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

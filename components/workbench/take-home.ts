// "Download this exercise": every [data-take-home] control in the workbench zips the exercise
// with the learner's current code, so it runs with a plain `node` when the sandbox cannot
// start (or whenever the learner wants it on their own machine). This part is eager and tiny;
// the zip code, fflate and the take-home parts load on the first click.
import type { WorkbenchData } from './data.ts';
import { savedTextOf } from './exercise-status.ts';
import { progressKey } from './progress-key.ts';

type Files = Record<string, string>;

// Where the learner's current code comes from, per workbench: saved progress until the
// workbench starts, then the controller's files (which hold edits not yet saved, and edits
// a browser that blocks storage never saves).
const sources = new WeakMap<HTMLElement, () => Files>();

/** Wires the workbench's take-home controls once; a later call only changes the code source. */
export function offerTakeHome(root: HTMLElement, data: WorkbenchData, files?: () => Files): void {
  const wired = sources.has(root);
  sources.set(root, files ?? (() => savedFiles(data)));
  if (wired) return;
  const status = root.querySelector<HTMLElement>('[data-take-home-status]');
  let busy = false;
  for (const control of root.querySelectorAll<HTMLElement>('[data-take-home]')) {
    control.addEventListener('click', (e) => {
      e.preventDefault();
      if (busy) return;
      busy = true;
      if (status) status.textContent = 'Preparing the download…';
      import('./take-home-download.ts')
        .then((m) => m.downloadTakeHome(data, sources.get(root)!()))
        .then(
          () => {
            if (status) status.textContent = '';
          },
          (err: unknown) => {
            if (status) {
              status.textContent = `The download could not be prepared: ${String(err)}. Reload the page and try again.`;
            }
          },
        )
        .finally(() => (busy = false));
    });
  }
}

// Without zod on purpose, like the preview in init.ts: a file is taken when it is stored as
// text; anything else falls back to the starter (takeHomeFiles fills it in).
function savedFiles(data: WorkbenchData): Files {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(progressKey(data.id));
  } catch {
    // Storage blocked: the starter files.
  }
  const files: Files = {};
  for (const { path } of data.editable) {
    const text = savedTextOf(raw, path);
    if (text !== null) files[path] = text;
  }
  return files;
}

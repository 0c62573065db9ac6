// The progress page in the browser: fills in each lesson's state from localStorage, and runs
// export, import (merge, confirmed first) and reset (confirmed first).
import { applyExerciseStatus } from '../workbench/exercise-status.ts';
import { saveFile } from '../workbench/save-file.ts';
import { lessonKey } from './keys.ts';
import {
  applyImport,
  collectProgress,
  parseProgressFile,
  planImport,
  resetProgress,
  type Answers,
  ImportRefused,
} from './progress-file.ts';

export const EXPORT_NAME = 'mcp-on-the-wire-progress.json';

function stored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function quizText(answers: Answers): string {
  const all = Object.values(answers);
  if (all.length === 0) return '';
  const right = all.filter((a) => a.correct).length;
  return `quiz: ${right} of ${all.length} answered right first time`;
}

function render(root: HTMLElement): void {
  const file = collectProgress(localStorage);
  let read = 0;
  for (const li of root.querySelectorAll<HTMLElement>('[data-lesson]')) {
    const slug = li.dataset.lesson!;
    const isRead = (stored(lessonKey(slug)) as { read?: unknown } | null)?.read === true;
    if (isRead) read++;
    const state = li.querySelector<HTMLElement>('[data-lesson-state]')!;
    state.dataset.state = isRead ? 'read' : 'unread';
    state.textContent = isRead ? 'read' : 'not read yet';
    li.querySelector<HTMLElement>('[data-quiz-state]')!.textContent = quizText(
      file.quizzes[slug] ?? {},
    );
  }
  applyExerciseStatus(root);
  const done = Object.values(file.exercises).filter((e) => e.done).length;
  const lessons = root.querySelectorAll('[data-lesson]').length;
  root.querySelector('[data-progress-summary]')!.textContent =
    `${read} of ${lessons} lessons read, ${done} exercise${done === 1 ? '' : 's'} done, ` +
    `${Object.keys(file.exercises).length} with saved code.`;
}

function say(root: HTMLElement, text: string, lines: string[] = [], error = false): void {
  const box = root.querySelector<HTMLElement>('[data-progress-message]')!;
  const p = document.createElement('p');
  p.textContent = text;
  if (error) p.className = 'is-error';
  const parts: Node[] = [p];
  if (lines.length > 0) {
    const ul = document.createElement('ul');
    for (const line of lines) {
      const li = document.createElement('li');
      li.textContent = line;
      ul.append(li);
    }
    parts.push(ul);
  }
  box.replaceChildren(...parts);
}

export function initProgressPage(root: HTMLElement): void {
  const exportButton = root.querySelector<HTMLButtonElement>('[data-progress-export]')!;
  const importInput = root.querySelector<HTMLInputElement>('[data-progress-import]')!;
  const resetButton = root.querySelector<HTMLButtonElement>('[data-progress-reset]')!;
  try {
    render(root);
  } catch {
    say(
      root,
      'This browser blocks storage for the site, so no progress can be kept here.',
      [],
      true,
    );
    return;
  }
  for (const control of [exportButton, importInput, resetButton]) control.disabled = false;

  exportButton.addEventListener('click', () => {
    const file = collectProgress(localStorage);
    saveFile(EXPORT_NAME, new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
    say(root, `Exported to ${EXPORT_NAME}.`);
  });

  importInput.addEventListener('change', async () => {
    const chosen = importInput.files?.[0];
    importInput.value = '';
    if (!chosen) return;
    const parsed = parseProgressFile(await chosen.text());
    if (!parsed.ok) {
      say(root, `${chosen.name} cannot be imported:`, parsed.lines, true);
      return;
    }
    const plan = planImport(localStorage, parsed.file);
    const replaced =
      plan.replacedCode.length > 0
        ? `\n\nYour saved code here will be replaced by the file's in: ${plan.replacedCode.join(', ')}.`
        : '';
    const question =
      `Import ${plan.exercises} exercise(s), ${plan.lessons} lesson(s) read and ` +
      `${plan.quizzes} quiz(zes) from ${chosen.name}? Progress the file does not mention stays.${replaced}`;
    if (!confirm(question)) {
      say(root, 'Nothing was imported.');
      return;
    }
    try {
      applyImport(localStorage, parsed.file);
    } catch (err) {
      const at = err instanceof ImportRefused ? ` at ${err.entry}` : '';
      const size =
        err instanceof ImportRefused
          ? ` The file's progress is ${Math.ceil(err.size / 1024)} KB.`
          : '';
      say(
        root,
        `Nothing was imported: the browser refused to store it${at} (its storage is full or blocked), so your progress here is as it was.${size}`,
        ['Reset progress you no longer need, or import a smaller file.'],
        true,
      );
      return;
    }
    render(root);
    say(root, `Imported ${chosen.name}.`);
  });

  resetButton.addEventListener('click', () => {
    if (!confirm('Forget all your progress in this browser, including your saved code?')) return;
    const removed = resetProgress(localStorage);
    render(root);
    say(root, `Progress reset: ${removed} saved item${removed === 1 ? '' : 's'} removed.`);
  });
}

// The workbench's bar and notices: Start / Run / Check / Stop / Reset / Compare with solution, the
// boot stages, the boot failure with advice, the runtime label, the storage, other-tab and
// damaged-progress warnings and the exercise status. It renders the controller's state and
// forwards clicks; questions that need the learner's yes (replacing code) are asked here, not
// in the controller.
import { adviceFor } from './advice.ts';
import { forcedRuntime } from './runtime-param.ts';
import { bootLine, runtimeLabel } from './runtime-label.ts';
import type { WorkbenchController, WorkbenchState } from './controller.ts';
import { applyExerciseStatus } from './exercise-status.ts';
import type { SaveResult } from './progress.ts';
import { renderSolutionDiff } from './solution-diff.ts';

const q = <T extends Element>(root: Element, sel: string) => root.querySelector<T>(sel)!;

const STORAGE_WARNINGS: Record<Exclude<SaveResult, 'saved'>, string> = {
  quota:
    "Your browser's storage for this site is full: your latest edits are NOT saved. Copy your code somewhere safe, or free space (remove other sites' data), then edit again.",
  unavailable:
    'This browser does not let the page save: your edits will be lost when you leave. Copy your code before you go.',
};

export function mountControls(
  root: HTMLElement,
  wb: WorkbenchController,
  focusEditor: () => void,
): void {
  const button = (name: string) => q<HTMLButtonElement>(root, `[data-action="${name}"]`);
  const [start, run, check, stop, reset, solution] = [
    'start',
    'run',
    'check',
    'stop',
    'reset',
    'solution',
  ].map(button);
  const stages = q<HTMLOListElement>(root, '[data-stages]');
  const bootError = q<HTMLElement>(root, '[data-boot-error]');
  const storageWarning = q<HTMLElement>(root, '[data-storage-warning]');
  const label = q<HTMLElement>(root, '[data-runtime-label]');
  const bootSummary = q<HTMLElement>(root, '[data-boot-summary]');
  const otherTab = q<HTMLElement>(root, '[data-other-tab]');
  const damage = q<HTMLElement>(root, '[data-progress-damage]');
  const diff = q<HTMLElement>(root, '[data-solution-diff]');
  const keptNote = q<HTMLElement>(root, '[data-kept-note]');

  const render = (s: WorkbenchState) => {
    start.hidden = s.phase === 'booting' || s.phase === 'ready';
    start.disabled = s.phase !== 'failed';
    start.textContent = s.phase === 'failed' ? 'Try again' : 'Starting…';
    run.disabled = check.disabled = s.phase !== 'ready' || s.running !== undefined;
    stop.hidden = s.running === undefined;
    reset.disabled = false;
    solution.disabled = !s.hasSolution;
    keptNote.hidden = !s.kept;
    // A sandbox that failed to start runs nothing: no label that says where code runs.
    label.textContent = s.runtime && s.phase !== 'failed' ? runtimeLabel(s) : '';
    const line = bootLine(s);
    bootSummary.hidden = line === undefined;
    if (line !== undefined) bootSummary.textContent = line;
    renderStages(stages, s);
    renderBootError(bootError, s);
    storageWarning.hidden = s.saved === 'saved';
    if (s.saved !== 'saved') storageWarning.textContent = STORAGE_WARNINGS[s.saved];
    otherTab.hidden = !s.otherTabDiffers;
    renderDamage(damage, s);
    applyExerciseStatus();
  };
  render(wb.state);

  // Start hides itself while it has focus; put keyboard users somewhere useful afterwards,
  // unless they have moved on to something else meanwhile.
  const focusLost = () => !document.activeElement || document.activeElement === document.body;
  wb.subscribe((e) => {
    if (e.type === 'state') render(e.state);
    else if (e.type === 'booted' && focusLost()) focusEditor();
    else if (e.type === 'boot-failed' && focusLost()) start.focus();
  });

  start.onclick = () => void wb.boot();
  run.addEventListener('click', () => void wb.run('run'));
  check.addEventListener('click', () => void wb.run('check'));
  stop.addEventListener('click', () => wb.stop());
  const askReset = () => {
    if (confirm('Replace your code with the starter code? Your edits will be lost.')) wb.reset();
  };
  reset.addEventListener('click', askReset);
  q<HTMLButtonElement>(damage, '[data-action="reset-damaged"]').addEventListener('click', askReset);
  // Compare first; applying is a separate step, and the learner's code is kept for Restore.
  const showDiff = (open: boolean) => {
    if (open) renderSolutionDiff(q(diff, '[data-diff-files]'), wb.files(), wb.solutionFiles());
    diff.hidden = !open;
    solution.setAttribute('aria-expanded', String(open));
  };
  solution.addEventListener('click', () => showDiff(Boolean(diff.hidden)));
  q<HTMLButtonElement>(diff, '[data-action="close-diff"]').addEventListener('click', () => {
    showDiff(false);
    solution.focus();
  });
  q<HTMLButtonElement>(diff, '[data-action="apply-solution"]').addEventListener('click', () => {
    wb.applySolution();
    showDiff(false);
    q<HTMLButtonElement>(keptNote, '[data-action="restore-kept"]').focus();
  });
  q<HTMLButtonElement>(keptNote, '[data-action="restore-kept"]').addEventListener('click', () => {
    wb.restoreKept();
    focusEditor();
  });
  // Reset or the other tab's code changes what is compared: redraw an open diff.
  wb.subscribe((e) => {
    if (e.type === 'files' && !diff.hidden) showDiff(true);
  });
  q<HTMLButtonElement>(otherTab, '[data-action="take-other"]').addEventListener('click', () => {
    if (confirm("Replace this tab's code with the code saved in the other tab?")) {
      wb.takeOtherTabsCode();
    }
  });
  q<HTMLButtonElement>(otherTab, '[data-action="keep-mine"]').addEventListener('click', () =>
    wb.keepMine(),
  );
  // Outside the editor too (the editor's own binding has already handled its keypress).
  root.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && !e.defaultPrevented) {
      e.preventDefault();
      void wb.run('run');
    }
  });
}

function renderStages(stages: HTMLOListElement, s: WorkbenchState): void {
  stages.hidden = s.stage === undefined;
  if (s.stage === undefined) return;
  let reached = true;
  for (const li of stages.querySelectorAll<HTMLElement>('[data-stage]')) {
    const current = li.dataset.stage === s.stage;
    li.dataset.state = current ? (s.stage === 'ready' ? 'done' : 'active') : reached ? 'done' : '';
    if (current) reached = false;
    if (current) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  }
}

function renderDamage(box: HTMLElement, s: WorkbenchState): void {
  box.hidden = s.discarded.length === 0;
  // Names in a damaged value are anyone's text: only ever text here, never markup.
  q(box, '[data-discarded]').replaceChildren(
    ...s.discarded.map((part) => {
      const li = document.createElement('li');
      li.textContent = part;
      return li;
    }),
  );
}

function renderBootError(box: HTMLElement, s: WorkbenchState): void {
  box.hidden = s.phase !== 'failed' || !s.failure;
  if (box.hidden || !s.failure) return;
  const advice = adviceFor(s.failure.reason, s.failure.message, forcedRuntime(location.search));
  withCode(q(box, '[data-what]'), advice.what);
  withCode(q(box, '[data-todo]'), advice.todo);
  box.dataset.reason = s.failure.reason;
}

/** Sets text where `backticked` parts become <code>, without ever parsing HTML. */
function withCode(target: HTMLElement, text: string): void {
  target.replaceChildren(
    ...text.split('`').map((part, i) => {
      if (i % 2 === 0) return document.createTextNode(part);
      const code = document.createElement('code');
      code.textContent = part;
      return code;
    }),
  );
}

// The workbench proper, loaded only when the learner presses Start: editor, terminal,
// runtime, and the Run / Check / Reset / Show solution wiring. Each pane is its own module;
// this file only connects them to the runtime's events and to saved progress.
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { BootError, type RunMode, type Runtime } from '../../sandbox/runtime/types.ts';
import { STAGE_LABELS } from './stage-labels.ts';
import { adviceFor } from './advice.ts';
import { createChecksPane } from './checks-dom.ts';
import type { WorkbenchData } from './data.ts';
import { createEditor, type Editor } from './editor.ts';
import { createFramePane } from './frames-dom.ts';
import {
  applyExerciseStatus,
  loadProgress,
  parseProgress,
  progressKey,
  saveProgress,
  type SaveResult,
} from './progress.ts';
import { chooseRuntime } from './runtime-choice.ts';
import { createTerminal } from './terminal.ts';

const q = <T extends Element>(root: Element, sel: string) => root.querySelector<T>(sel)!;

export async function startWorkbench(root: HTMLElement, data: WorkbenchData): Promise<void> {
  const button = (name: string) => q<HTMLButtonElement>(root, `[data-action="${name}"]`);
  const start = button('start');
  const run = button('run');
  const check = button('check');
  const stop = button('stop');
  const reset = button('reset');
  const solution = button('solution');
  const stages = q<HTMLOListElement>(root, '[data-stages]');
  const bootError = q<HTMLElement>(root, '[data-boot-error]');
  const storageWarning = q<HTMLElement>(root, '[data-storage-warning]');
  const runtimeLabel = q<HTMLElement>(root, '[data-runtime-label]');
  const otherTab = q<HTMLElement>(root, '[data-other-tab]');

  start.disabled = true;
  start.textContent = 'Starting…';

  // Progress: the learner's files and the done flag, saved on every change.
  const saved = loadProgress(data.id);
  let done = saved?.done ?? false;
  const report = (result: SaveResult) => {
    storageWarning.hidden = result === 'saved';
    storageWarning.textContent =
      result === 'quota'
        ? "Your browser's storage for this site is full: your latest edits are NOT saved. Copy your code somewhere safe, or free space (remove other sites' data), then edit again."
        : 'This browser does not let the page save: your edits will be lost when you leave. Copy your code before you go.';
  };
  // `editor` is created below; these closures only run after it exists.
  // Only a tab that changed something writes: a second tab left open on stale code must not
  // overwrite, when it closes or runs, what the learner typed in the other one.
  let dirty = false;
  const persist = () => {
    clearTimeout(saveTimer);
    done ||= loadProgress(data.id)?.done ?? false;
    report(saveProgress(data.id, { files: editor.files(), done }));
    dirty = false;
    applyExerciseStatus();
  };
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const persistSoon = () => {
    dirty = true;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(persist, 250);
  };
  addEventListener('pagehide', () => dirty && persist());

  // Editor and panes first: the code is usable even if the sandbox never starts.
  const editor: Editor = createEditor(
    q(root, '[data-editor]'),
    [
      ...data.editable.map((f) => ({
        path: f.path,
        text: saved?.files[f.path] ?? f.starter,
        readOnly: false,
      })),
      ...data.reference.map((f) => ({ path: f.path, text: f.text, readOnly: true })),
    ],
    { onChange: persistSoon, onRun: () => void go('run') },
  );
  for (const tab of root.querySelectorAll<HTMLButtonElement>('[data-tab]')) {
    tab.addEventListener('click', () => {
      for (const t of root.querySelectorAll('[data-tab]')) t.setAttribute('aria-selected', 'false');
      tab.setAttribute('aria-selected', 'true');
      editor.show(tab.dataset.tab ?? '');
    });
  }
  watchOtherTabs();
  const terminal = createTerminal(q(root, '[data-terminal]'));
  const frames = createFramePane(q(root, '[data-frames]'), q(root, '[data-frames-empty]'));
  const checks = createChecksPane(q(root, '[data-checks]'));

  // The same exercise open in two tabs: each saves over the other (last write wins), so say
  // so the moment the other tab saves different code, and offer to take its version.
  function watchOtherTabs() {
    let theirs: Record<string, string> | undefined;
    addEventListener('storage', (e) => {
      if (e.key !== progressKey(data.id)) return;
      const other = parseProgress(e.newValue);
      if (!other) return;
      if (other.done && !done) done = true;
      applyExerciseStatus();
      const mine = editor.files();
      const differs = Object.keys(mine).some((p) => (other.files[p] ?? mine[p]) !== mine[p]);
      theirs = differs ? other.files : undefined;
      otherTab.hidden = !differs;
    });
    q<HTMLButtonElement>(otherTab, '[data-action="take-other"]').addEventListener('click', () => {
      if (!theirs) return;
      if (!confirm("Replace this tab's code with the code saved in the other tab?")) return;
      editor.replace(theirs);
      persist();
      otherTab.hidden = true;
    });
    q<HTMLButtonElement>(otherTab, '[data-action="keep-mine"]').addEventListener('click', () => {
      persist();
      otherTab.hidden = true;
    });
  }

  reset.disabled = false;
  reset.addEventListener('click', () => {
    if (!confirm('Replace your code with the starter code? Your edits will be lost.')) return;
    editor.replace(Object.fromEntries(data.editable.map((f) => [f.path, f.starter])));
    persist();
  });
  solution.disabled = data.editable.every((f) => f.solution === undefined);
  solution.addEventListener('click', () => {
    if (!confirm('Replace your code with the solution? Your edits will be lost.')) return;
    const files = data.editable.filter((f) => f.solution !== undefined);
    editor.replace(Object.fromEntries(files.map((f) => [f.path, f.solution!])));
    persist();
  });

  // The sandbox: boot with named stages; on failure say what happened and what to do.
  let runtime: Runtime | undefined;
  let running: { kill(): void } | undefined;
  const showStage = (stage: string) => {
    stages.hidden = false;
    let reached = true;
    for (const li of stages.querySelectorAll<HTMLElement>('[data-stage]')) {
      const current = li.dataset.stage === stage;
      li.dataset.state = current ? (stage === 'ready' ? 'done' : 'active') : reached ? 'done' : '';
      if (current) reached = false;
      if (current) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    }
  };
  // Start hides itself while it has focus; put keyboard users somewhere useful afterwards,
  // unless they have moved on to something else meanwhile.
  const focusLost = () => !document.activeElement || document.activeElement === document.body;
  const boot = async () => {
    bootError.hidden = true;
    start.hidden = true;
    try {
      runtime ??= await chooseRuntime();
      runtimeLabel.textContent =
        runtime.kind === 'local'
          ? "Runs on this computer's Node (local runtime)"
          : 'Runs in your browser (WebContainer)';
      await runtime.boot((s) => showStage(s));
      run.disabled = false;
      check.disabled = false;
      terminal.note(`${STAGE_LABELS.ready}: press Run (Ctrl/Cmd+Enter) or Check.`);
      if (focusLost()) editor.focus();
    } catch (err) {
      const reason = err instanceof BootError ? err.reason : 'unknown';
      const advice = adviceFor(reason, err instanceof Error ? err.message : String(err));
      withCode(q(bootError, '[data-what]'), advice.what);
      withCode(q(bootError, '[data-todo]'), advice.todo);
      bootError.dataset.reason = reason;
      bootError.hidden = false;
      stages.hidden = true;
      await runtime?.teardown();
      start.hidden = false;
      start.disabled = false;
      start.textContent = 'Try again';
      if (focusLost()) start.focus();
    }
  };
  start.onclick = () => void boot();

  const go = async (mode: RunMode) => {
    if (!runtime || run.disabled || running) return;
    if (dirty) persist();
    run.disabled = check.disabled = true;
    stop.hidden = false;
    terminal.clear();
    frames.clear();
    checks.clear(mode === 'check' ? 'Checking…' : 'Press Check to judge your code.');
    terminal.note(`$ ${mode === 'check' ? 'check' : 'run'} ${data.id}`);
    try {
      await runtime.mount(data.id, editor.files());
      const proc = await runtime.spawn(data.id, mode);
      running = proc;
      for await (const event of proc.events) handle(event, mode);
    } catch (err) {
      terminal.note(`The run failed to start: ${String(err)}`);
    } finally {
      running = undefined;
      stop.hidden = true;
      run.disabled = check.disabled = false;
    }
  };
  const handle = (event: HarnessEvent, mode: RunMode) => {
    switch (event.type) {
      case 'frame':
        frames.add(event);
        break;
      case 'stdout':
        terminal.write(event.source === 'peer' ? `\u001b[90m${event.text}\u001b[0m` : event.text);
        break;
      case 'stderr':
        terminal.write(`\u001b[${event.source === 'peer' ? '90' : '31'}m${event.text}\u001b[0m`);
        break;
      case 'exit': {
        const who = event.source === 'learner' ? 'your program' : 'the server';
        terminal.note(`[${who} exited: ${event.signal ?? `code ${event.code}`}]`);
        break;
      }
      case 'check':
        checks.add(event);
        break;
      case 'done':
        frames.finish();
        terminal.note(`[${event.summary}]`);
        if (mode === 'check') {
          checks.summary(event.passed, event.summary);
          if (event.passed) {
            done = true;
            persist();
          }
        }
        break;
    }
  };
  run.addEventListener('click', () => void go('run'));
  check.addEventListener('click', () => void go('check'));
  stop.addEventListener('click', () => running?.kill());
  // Outside the editor too (the editor's own binding has already handled its keypress).
  root.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && !e.defaultPrevented) {
      e.preventDefault();
      void go('run');
    }
  });

  await boot();
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

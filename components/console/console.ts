// The wire console proper, loaded on Start: the workbench's runtime choice and frame pane,
// driving the console program (console-program.ts). The learner's lines are kept in order;
// each Send appends one and replays them all, so the pane always shows the whole session;
// what the server wrote after each line last time lets the replay of the earlier lines go on
// without waiting for quiet, so a Send costs about the same at the last line as at the first.
// Everything typed or received reaches the page as text, never as markup.
import type { HarnessEvent } from '../../sandbox/contract/events.ts';
import { BootError, type Runtime } from '../../sandbox/runtime/shared/types.ts';
import { adviceFor } from '../workbench/advice.ts';
import { createFramePane, liveFrameId } from '../workbench/frames-dom.ts';
import { chooseRuntime } from '../workbench/runtime-choice.ts';
import { runtimeLabel } from '../workbench/runtime-label.ts';
import { STAGE_LABELS } from '../workbench/stage-labels.ts';
import { describeLine, nextId, TEMPLATES, type TemplateName } from './console-lines.ts';
import { consoleProgram, heardAfterEach, MAX_LINES } from './console-program.ts';

const q = <T extends Element>(root: Element, sel: string) => root.querySelector<T>(sel)!;

// The session survives a reload of the tab (not the tab itself): the lines sent and the line
// being typed, so a slip of F5 loses nothing.
const SAVED_KEY = 'mcpw:console';

function restore(): { sent: string[]; draft: string } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? 'null') as unknown;
    if (typeof saved !== 'object' || saved === null) return { sent: [], draft: '' };
    const { sent, draft } = saved as { sent?: unknown; draft?: unknown };
    const lines = Array.isArray(sent) ? sent.filter((l) => typeof l === 'string') : [];
    return {
      sent: lines.slice(0, MAX_LINES),
      draft: typeof draft === 'string' ? draft : '',
    };
  } catch {
    return { sent: [], draft: '' };
  }
}

function save(sent: readonly string[], draft: string): void {
  try {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ sent, draft }));
  } catch {
    // Storage blocked or full: the session still works, it just does not outlive the page.
  }
}

export async function startConsole(root: HTMLElement): Promise<void> {
  const status = q<HTMLElement>(root, '[data-console-status]');
  const session = q<HTMLElement>(root, '[data-console-session]');
  const form = q<HTMLFormElement>(root, '[data-console-form]');
  const input = q<HTMLTextAreaElement>(root, '[data-console-line]');
  const note = q<HTMLElement>(root, '[data-console-note]');
  const send = q<HTMLButtonElement>(root, '[data-console-send]');
  const sentList = q<HTMLOListElement>(root, '[data-console-sent]');
  const stderr = q<HTMLElement>(root, '[data-console-stderr]');
  const frames = createFramePane(q(root, '[data-frames]'), q(root, '[data-frames-empty]'));
  const say = (text: string, tone: 'plain' | 'error' = 'plain') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };

  let runtime: Runtime;
  try {
    say('Starting the runtime…');
    runtime = await chooseRuntime();
    await runtime.boot((stage) => say(`${STAGE_LABELS[stage]}…`));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const advice = adviceFor(err instanceof BootError ? err.reason : 'unknown', message);
    say(`The console could not start. ${advice.what} ${advice.todo}`, 'error');
    return;
  }
  const label = runtimeLabel({ runtime: runtime.kind, about: runtime.about });
  say(`Ready. ${label}. Type a line or pick a template, then Send.`);
  session.hidden = false;
  q<HTMLElement>(root, '[data-console-start]').hidden = true;
  root.dataset.started = '';

  const restored = restore();
  const sent: string[] = restored.sent;
  input.value = restored.draft;
  let busy = false;
  /** Server lines after each line in the last replay (empty after a reload or a new session). */
  let heard: number[] = [];

  const showNote = () => {
    const text = input.value;
    if (text === '') {
      note.textContent = 'Type one JSON-RPC message on one line.';
      note.dataset.tone = 'plain';
      return;
    }
    const described = describeLine(text);
    note.textContent = described.text;
    note.dataset.tone = described.tone;
  };
  const showSent = () => {
    sentList.replaceChildren(
      ...sent.map((text) => {
        const li = document.createElement('li');
        // A class keeps the line out of the prose rule that holds inline code on one line:
        // a sent frame is longer than any column and must wrap.
        li.className = 'console-sent-line';
        const code = document.createElement('code');
        code.textContent = text;
        li.append(code);
        return li;
      }),
    );
    root.dataset.lines = String(sent.length);
    save(sent, input.value);
  };

  const replay = async () => {
    busy = true;
    send.disabled = true;
    frames.clear();
    stderr.textContent = '';
    root.removeAttribute('data-done');
    say(`Replaying ${sent.length} line${sent.length === 1 ? '' : 's'} to a fresh Paper Trail…`);
    const dirs: ('c2s' | 's2c')[] = [];
    try {
      const proc = await runtime.console(consoleProgram(sent, heard));
      let completed = false;
      let newest: number | undefined;
      for await (const event of proc.events) {
        if (event.type === 'frame') {
          dirs.push(event.dir);
          if (event.dir === 'c2s') newest = event.seq;
        }
        if (event.type === 'done') completed = event.verdict === 'completed';
        show(event);
      }
      // The new line's frame and its answer come last, below the whole session: bring them
      // up. Focus stays in the line box, which the next keystroke scrolls back to.
      if (newest !== undefined) {
        document.getElementById(liveFrameId(newest))?.scrollIntoView({ block: 'start' });
      }
      // A session cut short heard too little after its last lines: the next one waits afresh.
      heard = completed ? heardAfterEach(dirs) : [];
    } catch (err) {
      heard = [];
      say(`The session could not run: ${String(err)}`, 'error');
    } finally {
      busy = false;
      send.disabled = false;
      root.dataset.done = '';
    }
  };
  const show = (event: HarnessEvent) => {
    switch (event.type) {
      case 'frame':
        frames.add(event);
        break;
      case 'stderr':
      case 'stdout':
        stderr.textContent += event.source === 'peer' ? event.text : `console: ${event.text}`;
        break;
      case 'done':
        frames.finish();
        say(
          event.verdict === 'completed'
            ? `Sent ${sent.length} line${sent.length === 1 ? '' : 's'}; ${frames.count()} frames crossed the wire.`
            : `The session ended early: ${event.summary}`,
          event.verdict === 'completed' ? 'plain' : 'error',
        );
        break;
    }
  };

  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-template]')) {
    button.addEventListener('click', () => {
      const name = button.dataset.template as TemplateName;
      const id = nextId(sent);
      input.value = name === 'initialized' ? TEMPLATES.initialized() : TEMPLATES[name](id);
      showNote();
      save(sent, input.value);
      input.focus();
    });
  }
  input.addEventListener('input', () => {
    showNote();
    save(sent, input.value);
  });
  input.addEventListener('keydown', (e) => {
    // Enter sends, as in a terminal; a newline could never be part of one frame anyway.
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (busy) return;
    const text = input.value;
    if (text === '') {
      note.textContent =
        'Nothing to send: type a line first (an empty line is a frame too, but not a useful one).';
      note.dataset.tone = 'warn';
      return;
    }
    if (/[\r\n]/.test(text)) {
      note.textContent = describeLine(text).text;
      note.dataset.tone = 'warn';
      return;
    }
    if (sent.length >= MAX_LINES) {
      note.textContent = `A session holds at most ${MAX_LINES} lines: press New session to start again.`;
      note.dataset.tone = 'warn';
      return;
    }
    sent.push(text);
    input.value = '';
    showSent();
    showNote();
    void replay();
  });
  q<HTMLButtonElement>(root, '[data-console-undo]').addEventListener('click', () => {
    if (busy || sent.length === 0) return;
    // The line comes back into the box, so undoing never loses what was typed.
    input.value = sent.pop()!;
    showSent();
    showNote();
    if (sent.length > 0) void replay();
    else frames.clear();
  });
  q<HTMLButtonElement>(root, '[data-console-reset]').addEventListener('click', () => {
    if (busy) return;
    sent.length = 0;
    heard = [];
    showSent();
    frames.clear();
    stderr.textContent = '';
    say(`A new session. ${label}. Start with initialize.`);
  });
  showNote();
  showSent();
  // No replay yet: the next Send replays the restored lines with the new one.
  if (sent.length > 0) {
    say(
      `Ready. ${label}. Your ${sent.length} line${sent.length === 1 ? '' : 's'} from before the reload are back; the next Send replays them with the new one.`,
    );
  }
  input.focus();
}

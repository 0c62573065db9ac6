// The output panels: the terminal, the live frames and the checks, cleared when a run starts
// and fed the harness's events as they arrive.
import type { CheckResult, HarnessEvent } from '../../sandbox/contract/events.ts';
import type { RunMode } from '../../sandbox/runtime/shared/types.ts';
import { STAGE_LABELS } from './stage-labels.ts';
import { createChecksPane } from './checks-dom.ts';
import type { WorkbenchController } from './controller.ts';
import { createFramePane } from './frames-dom.ts';
import { downloadFrames } from './frames-download.ts';
import { lazyTerminal } from './terminal-lazy.ts';
import { createDriverLineFilter, hiddenNote, type DriverLineFilter } from './driver-lines.ts';
import { createCheckProgress, type CheckProgress } from './check-progress.ts';

const q = <T extends Element>(root: Element, sel: string) => root.querySelector<T>(sel)!;

// Peer output is grey and the learner's stderr red, so the learner's own stdout stands out.
const GREY = '\u001b[90m';
const RED = '\u001b[31m';
const PLAIN = '\u001b[0m';

/** A result about another session than the one shown: its frame numbers are not on screen. */
function offScreen(check: CheckResult, shown: string | undefined): boolean {
  return check.scenario !== undefined && check.scenario !== shown;
}

/** The same words with no links, so none leads to a frame of the wrong session. */
function unlinked(check: CheckResult): CheckResult {
  const { frame: _frame, ...rest } = check;
  return { ...rest, parts: [check.message] };
}

export function mountOutput(root: HTMLElement, wb: WorkbenchController, exercise: string): void {
  const terminal = lazyTerminal(q(root, '[data-terminal]'));
  const frames = createFramePane(q(root, '[data-frames]'), q(root, '[data-frames-empty]'));
  const checks = createChecksPane(q(root, '[data-checks]'));
  const download = q<HTMLButtonElement>(root, '[data-frames-download]');
  download.addEventListener('click', () => downloadFrames(exercise, frames.records()));
  const checkButton = root.querySelector('[data-action="check"]');

  // Per run: one filter per process's stdout, and a check's progress line with its clock.
  let drivers = { learner: createDriverLineFilter(), peer: createDriverLineFilter() };
  let progress: CheckProgress | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const stopTicker = () => {
    clearInterval(ticker);
    ticker = undefined;
  };
  const flushDrivers = () => {
    for (const [source, filter] of Object.entries(drivers) as [string, DriverLineFilter][]) {
      const rest = filter.flush();
      if (rest) terminal.write(source === 'peer' ? `${GREY}${rest}${PLAIN}` : rest);
    }
    const hidden = new Map<string, number>();
    for (const filter of Object.values(drivers))
      for (const [tag, n] of filter.hidden()) hidden.set(tag, (hidden.get(tag) ?? 0) + n);
    const note = hiddenNote(hidden);
    if (note) terminal.note(note);
  };

  // A check run with scenarios shows one session's frames: the one a `session` event named.
  let shownSession: string | undefined;
  const show = (event: HarnessEvent, mode: RunMode) => {
    progress?.see(event);
    switch (event.type) {
      case 'session':
        shownSession = event.scenario;
        if (event.replaces) {
          frames.clear();
          download.hidden = true;
        }
        terminal.note(`[${event.note}]`);
        break;
      case 'frame':
        frames.add(event);
        download.hidden = false;
        break;
      case 'stdout': {
        const text = drivers[event.source].push(event.text);
        if (text) terminal.write(event.source === 'peer' ? `${GREY}${text}${PLAIN}` : text);
        break;
      }
      case 'stderr':
        terminal.write(`${event.source === 'peer' ? GREY : RED}${event.text}${PLAIN}`);
        break;
      case 'exit': {
        const who = event.source === 'learner' ? 'your program' : 'the server';
        terminal.note(`[${who} exited: ${event.signal ?? `code ${event.code}`}]`);
        break;
      }
      case 'check':
        checks.add(offScreen(event, shownSession) ? unlinked(event) : event);
        break;
      case 'done':
        frames.finish();
        flushDrivers();
        terminal.note(`[${event.summary}]`);
        if (mode === 'check') {
          stopTicker();
          checks.summary(event.passed, event.summary);
          checks.reveal(checkButton);
        }
        break;
    }
  };

  wb.subscribe((e) => {
    switch (e.type) {
      case 'booted':
        terminal.note(`${STAGE_LABELS.ready}: press Run (Ctrl/Cmd+Enter) or Check.`);
        break;
      case 'run-start':
        terminal.clear();
        frames.clear();
        shownSession = undefined;
        download.hidden = true;
        checks.clear(e.mode === 'check' ? 'Checking…' : 'Press Check to judge your code.');
        terminal.note(`$ ${e.mode} ${exercise}`);
        drivers = { learner: createDriverLineFilter(), peer: createDriverLineFilter() };
        stopTicker();
        progress = undefined;
        if (e.mode === 'check') {
          const p = (progress = createCheckProgress());
          const started = Date.now();
          const tick = () => checks.progress(p.line(Date.now() - started));
          tick();
          ticker = setInterval(tick, 1000);
        }
        break;
      case 'harness':
        show(e.event, e.mode);
        break;
      case 'run-error':
        terminal.note(`The run failed to start: ${e.message}`);
        break;
      case 'run-end':
        // A stopped or failed run sends no 'done': its clock and line go here.
        if (ticker !== undefined) checks.progress('');
        stopTicker();
        break;
    }
  });
}

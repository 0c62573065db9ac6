// The check pane: one row per check (passed, failed, not reached when it had nothing to
// judge, or information from an ungraded check), its message and hint, and a link to the frame it is about in the live frame pane.
// Learner-derived text goes in as textContent.
import type { CheckResult } from '../../sandbox/contract/events.ts';
import { liveFrameId } from './frames-dom.ts';

export type CheckState = 'ok' | 'fail' | 'not-reached' | 'info';

/** A check with nothing to judge is neither green nor red: neutral, and said in words. */
const MARKS: Record<CheckState, { mark: string; label: string }> = {
  ok: { mark: '✓', label: 'passed' },
  fail: { mark: '✗', label: 'failed' },
  'not-reached': { mark: '–', label: 'not reached' },
  info: { mark: 'i', label: 'for information, not graded' },
};

/** How a check's row shows: its state (the row's class), its mark and the mark's label. */
export function markOf(check: CheckResult): { state: CheckState; mark: string; label: string } {
  const state: CheckState =
    check.info === true
      ? 'info'
      : check.reached === false
        ? 'not-reached'
        : check.ok
          ? 'ok'
          : 'fail';
  return { state, ...MARKS[state] };
}

export interface ChecksPane {
  clear(message: string): void;
  add(check: CheckResult): void;
  summary(passed: boolean | undefined, text: string): void;
  /** What a check under way is waiting for (not read out: it changes each second); "" hides it. */
  progress(text: string): void;
  /**
   * Brings the verdict where the learner looks: focus moves to it when the learner is still
   * on the Check button (or nowhere), so Tab goes on into the checks; otherwise, say while
   * typing in the editor, nothing moves and only the live region tells.
   */
  reveal(from: Element | null): void;
}

export function createChecksPane(host: HTMLElement): ChecksPane {
  const list = document.createElement('ol');
  list.className = 'wb-checks';
  const status = document.createElement('p');
  status.className = 'wb-checks-summary';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  // Focusable from script only: it is where focus lands after Check, not a Tab stop.
  status.tabIndex = -1;
  const progress = document.createElement('p');
  progress.className = 'wb-checks-progress';
  progress.hidden = true;

  return {
    clear(message) {
      list.replaceChildren();
      status.textContent = message;
      status.dataset.state = '';
      progress.hidden = true;
      host.replaceChildren(status, progress, list);
    },
    add(check) {
      const li = document.createElement('li');
      const { state, mark: sign, label } = markOf(check);
      li.className = `wb-check wb-check--${state}`;
      li.dataset.check = check.id;
      const mark = document.createElement('span');
      mark.className = 'wb-check-mark';
      mark.textContent = sign;
      mark.setAttribute('aria-label', label);
      mark.setAttribute('role', 'img');
      const title = document.createElement('strong');
      title.textContent = check.title;
      const msg = document.createElement('p');
      msg.className = 'wb-check-message';
      // Read out as part of the message too: the mark alone is easy to miss.
      if (state === 'not-reached') msg.append('Not reached: ');
      if (state === 'info') msg.append('For information, not graded: ');
      const mentioned = appendMessage(msg, check.parts);
      li.append(mark, title, msg);
      if (check.frame !== undefined && !mentioned.has(check.frame)) {
        const a = document.createElement('a');
        a.href = `#${liveFrameId(check.frame)}`;
        a.className = 'wb-check-frame';
        a.textContent = `see frame ${check.frame}`;
        msg.append(' ', a);
      }
      if (state === 'fail' && check.hint) {
        const hint = document.createElement('p');
        hint.className = 'wb-check-hint';
        hint.textContent = `Hint: ${check.hint}`;
        li.append(hint);
      }
      list.append(li);
    },
    summary(passed, text) {
      status.textContent = passed === true ? `All checks passed. ${text}` : text;
      status.dataset.state = passed === true ? 'ok' : passed === false ? 'fail' : '';
      progress.hidden = true;
    },
    progress(text) {
      progress.textContent = text;
      progress.hidden = text === '';
    },
    reveal(from) {
      const active = document.activeElement;
      if (active === null || active === document.body || active === from) {
        status.focus({ preventScroll: true });
        status.scrollIntoView({ block: 'center' });
      }
    },
  };
}

/**
 * Appends a checker message, each frame it mentions a link to that frame in the live pane.
 * Returns the frames linked.
 */
export function appendMessage(parent: HTMLElement, parts: CheckResult['parts']): Set<number> {
  const linked = new Set<number>();
  for (const part of parts) {
    if (typeof part === 'string') {
      parent.append(part);
      continue;
    }
    const a = document.createElement('a');
    a.href = `#${liveFrameId(part.frame)}`;
    a.className = 'wb-check-frame';
    a.textContent = part.text;
    parent.append(a);
    linked.add(part.frame);
  }
  return linked;
}

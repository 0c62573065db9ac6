// The check pane: one row per check, pass or fail, its message and hint, and a link to the
// frame it is about in the live frame pane. Learner-derived text goes in as textContent.
import type { CheckResult } from '../../sandbox/contract/events.ts';
import { liveFrameId } from './frames-dom.ts';

export interface ChecksPane {
  clear(message: string): void;
  add(check: CheckResult): void;
  summary(passed: boolean | undefined, text: string): void;
}

export function createChecksPane(host: HTMLElement): ChecksPane {
  const list = document.createElement('ol');
  list.className = 'wb-checks';
  const status = document.createElement('p');
  status.className = 'wb-checks-summary';
  status.setAttribute('role', 'status');

  return {
    clear(message) {
      list.replaceChildren();
      status.textContent = message;
      status.dataset.state = '';
      host.replaceChildren(status, list);
    },
    add(check) {
      const li = document.createElement('li');
      li.className = `wb-check wb-check--${check.ok ? 'ok' : 'fail'}`;
      li.dataset.check = check.id;
      const mark = document.createElement('span');
      mark.className = 'wb-check-mark';
      mark.textContent = check.ok ? '✓' : '✗';
      mark.setAttribute('aria-label', check.ok ? 'passed' : 'failed');
      const title = document.createElement('strong');
      title.textContent = check.title;
      const msg = document.createElement('p');
      msg.className = 'wb-check-message';
      const mentioned = appendMessage(msg, check.parts);
      li.append(mark, title, msg);
      if (check.frame !== undefined && !mentioned.has(check.frame)) {
        const a = document.createElement('a');
        a.href = `#${liveFrameId(check.frame)}`;
        a.className = 'wb-check-frame';
        a.textContent = `see frame ${check.frame}`;
        msg.append(' ', a);
      }
      if (!check.ok && check.hint) {
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

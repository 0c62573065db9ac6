// "Compare with solution": each editable file's lines against the solution's, drawn as a
// unified diff (removed lines are the learner's only, added lines the solution's), with long
// unchanged stretches folded to a count. Code is learner text: only ever textContent here.
import { diffStats, lineDiff, type DiffLine } from './line-diff.ts';
import type { Files } from './saved-code.ts';

/** Unchanged lines shown around a change; longer unchanged runs fold to "N unchanged lines". */
const CONTEXT = 3;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

function lineNode(line: DiffLine): HTMLElement {
  const sign = { same: ' ', del: '−', add: '+' }[line.kind];
  const said = { same: '', del: 'removed: ', add: 'added: ' }[line.kind];
  const text =
    line.kind === 'same'
      ? el('span', '', line.text)
      : el(line.kind === 'add' ? 'ins' : 'del', '', line.text);
  const row = el('span', `wb-diff-line wb-diff-line--${line.kind}`);
  row.append(el('span', 'wb-diff-sign', sign), el('span', 'visually-hidden', said), text, '\n');
  return row;
}

/** Which lines to show: every change, CONTEXT kept lines around it, the rest folded. */
function visible(lines: DiffLine[]): (DiffLine | number)[] {
  const near = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, i - CONTEXT); k <= Math.min(lines.length - 1, i + CONTEXT); k++) {
      near[k] = true;
    }
  });
  const out: (DiffLine | number)[] = [];
  for (let i = 0; i < lines.length;) {
    if (near[i]) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && !near[j]) j++;
    out.push(j - i);
    i = j;
  }
  return out;
}

export function renderSolutionDiff(target: HTMLElement, mine: Files, solution: Files): number {
  let changes = 0;
  const sections = Object.keys(solution).map((path) => {
    const lines = lineDiff(mine[path] ?? '', solution[path] ?? '');
    const { added, removed } = diffStats(lines);
    changes += added + removed;
    const section = el('section', 'wb-diff-file');
    section.dataset.path = path;
    const title = el('h3', 'wb-diff-title', el('code', '', path), ' ');
    title.append(
      el(
        'span',
        'wb-diff-stats',
        added + removed === 0
          ? 'same as the solution'
          : `${removed} line${removed === 1 ? '' : 's'} only yours, ${added} only the solution's`,
      ),
    );
    section.append(title);
    if (added + removed > 0) {
      const pre = el('pre', 'wb-diff-code');
      pre.tabIndex = 0;
      pre.setAttribute('aria-label', `Differences in ${path}`);
      for (const item of visible(lines)) {
        pre.append(
          typeof item === 'number'
            ? el('span', 'wb-diff-fold', `… ${item} unchanged line${item === 1 ? '' : 's'}\n`)
            : lineNode(item),
        );
      }
      section.append(pre);
    }
    return section;
  });
  target.replaceChildren(...sections);
  return changes;
}

// The explainer's findings in the frame viewer: one list that links each finding to its frame
// and to the lesson section that teaches the rule, and a badge on every frame that has one,
// linking back to the list. The words are the explainer's (sandbox/explain), reach the page
// only as text, and their frame mentions become links as a check's do.
import type { Finding } from '../../sandbox/explain/rule.ts';

/** Findings listed at once; a session with more says how many are left out. */
export const MAX_LISTED = 200;

/** Where a finding sits in the list: #upload-finding-3 for the fourth. */
export const findingAnchor = (name: string, index: number): string => `${name}-finding-${index}`;

function frameLink(anchorOf: (seq: number) => string, seq: number, text: string): HTMLElement {
  const a = document.createElement('a');
  a.href = `#${anchorOf(seq)}`;
  a.textContent = text;
  return a;
}

/** The list of findings, or a line saying there are none. */
export function findingsBlock(
  found: readonly Finding[],
  name: string,
  anchorOf: (seq: number) => string,
): HTMLElement {
  const section = document.createElement('section');
  section.className = 'viewer-findings';
  section.setAttribute('aria-labelledby', `${name}-findings-title`);
  const title = document.createElement('h2');
  title.id = `${name}-findings-title`;
  title.textContent = `Findings: ${found.length}`;
  section.append(title);
  if (found.length === 0) {
    const none = document.createElement('p');
    none.textContent = 'Nothing in this session breaks a rule the course teaches.';
    section.append(none);
    return section;
  }
  const list = document.createElement('ol');
  found.slice(0, MAX_LISTED).forEach((f, i) => {
    const li = document.createElement('li');
    li.id = findingAnchor(name, i);
    li.dataset.finding = f.rule;
    li.dataset.seq = String(f.seq);
    const rule = document.createElement('code');
    rule.textContent = f.rule;
    const text = document.createElement('span');
    for (const part of f.message.parts) {
      text.append(typeof part === 'string' ? part : frameLink(anchorOf, part.frame, part.text));
    }
    li.append(frameLink(anchorOf, f.seq, `#${f.seq}`), ' ', rule, ': ', text);
    if (f.href !== undefined) {
      const lesson = document.createElement('a');
      lesson.href = f.href;
      lesson.className = 'viewer-finding-lesson';
      lesson.textContent = `the lesson: ${f.href.replace(/^\/lessons\//, '').replace('/#', ' › ')}`;
      li.append(' (', lesson, ')');
    }
    list.append(li);
  });
  section.append(list);
  if (found.length > MAX_LISTED) {
    const more = document.createElement('p');
    more.textContent = `And ${found.length - MAX_LISTED} more; npm run explain lists them all.`;
    section.append(more);
  }
  return section;
}

/**
 * A badge under the head of every drawn frame that has findings, linking to the first. Beside
 * the head, not in it: the head reads as a lesson's does.
 */
export function badgeFrames(
  root: ParentNode,
  found: readonly Finding[],
  name: string,
  anchorOf: (seq: number) => string,
): void {
  const bySeq = new Map<number, number[]>();
  found.slice(0, MAX_LISTED).forEach((f, i) => bySeq.set(f.seq, [...(bySeq.get(f.seq) ?? []), i]));
  for (const [seq, indexes] of bySeq) {
    const head = root.querySelector(`[id="${anchorOf(seq)}"] > .frame-head`);
    if (!head) continue;
    const badge = document.createElement('a');
    badge.className = 'badge badge--finding';
    badge.href = `#${findingAnchor(name, indexes[0]!)}`;
    const rules = indexes.map((i) => found[i]!.rule);
    badge.textContent =
      indexes.length === 1 ? `finding: ${rules[0]}` : `${indexes.length} findings`;
    badge.title = rules.join(', ');
    badge.setAttribute('aria-label', `Findings on frame ${seq}: ${rules.join(', ')}`);
    const line = document.createElement('p');
    line.className = 'frame-findings';
    line.append(badge);
    head.after(line);
  }
}

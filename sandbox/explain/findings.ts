// Frames in, findings out: every rule asked once about the same reading of the session, the
// findings told in frame order (a frame's own in rule order). Pure, so the CLI, the tap and
// the viewer in the browser all explain a session alike.
import type { FrameRecord } from '../wire/record.ts';
import type { Finding, Rule, RuleSections } from './rule.ts';
import { RULES } from './rules/index.ts';
import { Session } from './session.ts';

export function findings(
  frames: readonly FrameRecord[],
  sections: RuleSections = new Map(),
  rules: readonly Rule[] = RULES,
): Finding[] {
  const session = new Session(frames);
  const all = rules.flatMap((rule, order) =>
    rule.find(session).map((hit) => ({
      order,
      finding: { ...hit, rule: rule.id, ...withHref(sections.get(rule.id)) },
    })),
  );
  return all
    .sort((a, b) => a.finding.seq - b.finding.seq || a.order - b.order)
    .map(({ finding }) => finding);
}

const withHref = (href: string | undefined) => (href === undefined ? {} : { href });

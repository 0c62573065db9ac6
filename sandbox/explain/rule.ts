// What the explainer is made of: rules and the findings they make about a recorded session.
// A finding's words are built with the checks' `say`, so its frame mentions stay data the
// viewer can link and the terminal prints as text. Which lesson section teaches a rule is the
// course's to say, not the engine's: each lesson folder names the rules it teaches
// (sandbox/course/rule-sections.ts finds them), and a finding carries that section's address.
import type { Said } from '../contract/check.ts';
import type { Session } from './session.ts';

/** One thing a rule found, at the frame it is about. */
export interface Hit {
  seq: number;
  message: Said;
}

export interface Rule {
  /** Kebab-case, shown in every finding: `#3 notification-id: …`. */
  id: string;
  find(session: Session): Hit[];
}

export interface Finding extends Hit {
  rule: string;
  /** The address on the site, from its root, of the lesson section that teaches the rule. */
  href?: string;
}

/** Rule id → the address of the lesson section that teaches it (`/lessons/<slug>/#<anchor>`). */
export type RuleSections = ReadonlyMap<string, string>;

// What the explainer is made of: rules, each taught by one section of one lesson, and the
// findings they make about a recorded session. A finding's words are built with the checks'
// `say`, so its frame mentions stay data the viewer can link and the terminal prints as text.
import type { Said } from '../contract/check.ts';
import type { Session } from './session.ts';

/** The lesson section that teaches a rule: the lesson's slug and the heading's anchor. */
export interface LessonSection {
  slug: string;
  anchor: string;
}

/** One thing a rule found, at the frame it is about. */
export interface Hit {
  seq: number;
  message: Said;
}

export interface Rule {
  /** Kebab-case, shown in every finding: `#3 notification-id: …`. */
  id: string;
  lesson: LessonSection;
  find(session: Session): Hit[];
}

export interface Finding extends Hit {
  rule: string;
  /** The lesson section's address on the site, from its root: /lessons/the-wire/#… */
  href: string;
}

export function sectionHref(section: LessonSection): string {
  return `/lessons/${section.slug}/#${section.anchor}`;
}

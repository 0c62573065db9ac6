// The sections of the MCP specification the course cites, as lessons/spec-sections.json lists
// them: one name for each, one address. Lessons, revision notes and the glossary all look a
// section up here by its name, so a title is typed once.

export interface SpecSections {
  base: string;
  revisions: Record<string, readonly { name: string; path: string }[]>;
}

/** The section's title and address in that revision, or undefined when it is not listed. */
export function specSection(
  sections: SpecSections,
  revision: string,
  name: string,
): { title: string; href: string } | undefined {
  const hit = sections.revisions[revision]?.find((s) => s.name === name);
  return hit && { title: name, href: `${sections.base}/${revision}${hit.path}` };
}

// Each <Term> on a page opens its own popover, so each needs an id of its own: the term's id
// and a count, which only grows (unique within any page, whatever the render order).
let count = 0;

export function nextTermCard(termId: string): string {
  count += 1;
  return `term-card-${termId}-${count}`;
}

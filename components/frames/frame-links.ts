// A sequence diagram links each arrow to its frame, and a stray-line note names the frame
// that answers; but a lesson may draw a diagram over frames it never shows in a transcript.
// Such a link would lead nowhere, so once the whole lesson is rendered (and only then: what a
// page shows is known only at its end) links to frame anchors the page lacks lose their href.
// The text stays; an <a> without href is plain text to the reader and to assistive technology.

const FRAME_LINK = / href="#([^"]*-frame-\d+)"/g;

export function unlinkMissingFrames(html: string): string {
  const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!));
  return html.replace(FRAME_LINK, (link, target: string) => (ids.has(target) ? link : ''));
}

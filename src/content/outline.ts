// The course plan (see the course outline): every lesson, written or not. Written lessons
// are matched to this list by their `order` frontmatter.
export interface OutlineEntry {
  order: number;
  title: string;
  about: string;
}

export const outline: OutlineEntry[] = [
  {
    order: 1,
    title: 'Hosts, clients and servers',
    about: 'What crosses the wire between them, and how to watch it with a tap.',
  },
  {
    order: 2,
    title: 'The wire: JSON-RPC and the two transports',
    about: 'Three message shapes, two kinds of failure, stdio and streamable HTTP.',
  },
  {
    order: 3,
    title: 'The handshake',
    about: 'initialize, capabilities, version negotiation and what happens when versions disagree.',
  },
  {
    order: 4,
    title: 'Tools in depth',
    about: 'Input and output schemas, structuredContent, validation failures, isError.',
  },
  {
    order: 5,
    title: 'Resources and prompts',
    about: 'Listing, reading, templates and subscriptions; the resource-not-found code.',
  },
  {
    order: 6,
    title: 'Notifications',
    about: 'Progress tokens, cancellation, logging, list_changed; ordering and races.',
  },
  {
    order: 7,
    title: 'Streamable HTTP in depth',
    about: 'Sessions, JSON vs SSE, GET streams, DELETE, resumption, status codes, Origin checks.',
  },
  {
    order: 8,
    title: 'When the server asks',
    about: 'Sampling, elicitation, roots and ping: a client that answers server requests.',
  },
  {
    order: 9,
    title: 'stdout belongs to the protocol',
    about: 'How SDKs shield the stream, and where the shield stops, measured.',
  },
  {
    order: 10,
    title: 'Security for remote servers',
    about:
      'The OAuth 2.1 resource-server role, tokens, DNS rebinding, what never goes on the wire.',
  },
  {
    order: 11,
    title: 'What changes next',
    about:
      'The 2026-07-28 stateless revision: no initialize, _meta on every request, server/discover.',
  },
];

// The course's glossary: every term defined once, here, in the course's own words and true to
// the 2025-11-25 revision of the MCP specification. <Term> links to an entry from a lesson and
// src/pages/glossary.astro lists them all. The list is checked when a page imports it, so a
// broken entry fails the build with its index and field.
// An entry `cites` a spec section by its name in lessons/spec-sections.json (lesson 11's terms
// name the next revision, which they belong to); its title and address come from there.
// `source` is for what is not the MCP specification.
import { parseGlossary, type GlossaryEntry } from './glossary-schema.ts';
import sections from '../../lessons/spec-sections.json' with { type: 'json' };

const entries: unknown = [
  {
    id: 'host',
    term: 'host',
    definition:
      'The application the user works in (an IDE, a chat app, an agent) that runs the model. It creates one MCP client per server it connects to, decides which servers to trust, asks the user for consent, and keeps each server away from the others.',
    cites: 'Architecture',
  },
  {
    id: 'client',
    term: 'client',
    definition:
      'The part of a host that holds one connection to one server. It sends requests, answers the requests a server sends back, and keeps the state of that one session.',
    cites: 'Architecture',
  },
  {
    id: 'server',
    term: 'server',
    definition:
      'A program that offers tools, resources and prompts to clients over MCP. It runs on the user’s machine as a child process of the host (stdio) or as a service of its own (streamable HTTP).',
    cites: 'Architecture',
  },
  {
    id: 'frame',
    term: 'frame',
    definition:
      'This course’s word for one unit as it crosses a transport: a line on stdio, an HTTP request or response, or an SSE event. A frame normally carries one JSON-RPC message; a stray line on stdout is a frame that carries none.',
  },
  {
    id: 'message',
    term: 'message',
    definition:
      'One JSON-RPC 2.0 object sent between client and server, UTF-8 encoded. There are exactly three kinds: request, response and notification.',
    cites: 'Basic › Messages',
  },
  {
    id: 'request',
    term: 'request',
    definition:
      'A message with an `id` and a `method` (and usually `params`) that asks the other side to do something. The `id` is a string or an integer, never null, and the sender does not reuse it within the session. Every request gets exactly one response.',
    cites: 'Basic › Messages › Requests',
  },
  {
    id: 'response',
    term: 'response',
    definition:
      'The answer to a request: it carries the request’s `id` and exactly one of `result` (it worked) or `error` (it could not be done). Responses are matched to requests by `id`, not by the order they arrive in.',
    cites: 'Basic › Messages › Responses',
  },
  {
    id: 'notification',
    term: 'notification',
    definition:
      'A one-way message: a `method` and optional `params`, but no `id`. The receiver must not reply to it, so the sender never learns whether it was understood.',
    cites: 'Basic › Messages › Notifications',
  },
  {
    id: 'session',
    term: 'session',
    definition:
      'One stateful conversation between a client and a server, from the `initialize` request, its response and the `notifications/initialized` notification until the connection ends. Over streamable HTTP the server may name it with an `MCP-Session-Id` header that the client sends back on every later request.',
    cites: 'Basic › Lifecycle',
  },
  {
    id: 'capability',
    term: 'capability',
    definition:
      'A feature a side declares in the `initialize` exchange (`capabilities` in the request and in its result), such as `tools` for a server or `elicitation` for a client. During the session each side uses only what the other declared: a client calls `tools/list` only when the server declared `tools`, a server sends `sampling/createMessage` only when the client declared `sampling`.',
    cites: 'Basic › Lifecycle › Initialization',
  },
  {
    id: 'transport',
    term: 'transport',
    definition:
      'How messages travel between client and server. The specification defines two: stdio and streamable HTTP. The JSON-RPC messages are the same on both; only the framing around them differs.',
    cites: 'Basic › Transports',
  },
  {
    id: 'tool',
    term: 'tool',
    definition:
      'A function a server offers for the model to call. The client lists tools with `tools/list` (name, description, an `inputSchema` and optionally an `outputSchema`) and calls one with `tools/call`.',
    cites: 'Server features › Tools',
  },
  {
    id: 'tool-error',
    term: 'tool error',
    definition:
      'The specification calls it a tool execution error: the tool ran but its work failed (an API was down, the input was refused, an order does not exist). It travels in a successful response, as a `result` with `isError: true` and content explaining the failure, so the model can read it and try again.',
    cites: 'Server features › Tools › Error Handling',
  },
  {
    id: 'protocol-error',
    term: 'protocol error',
    definition:
      'A response with an `error` object instead of a `result`: the request itself could not be handled (an unknown method, invalid parameters, a server fault). It has a numeric code, such as -32601 for “Method not found”, and is meant for the client’s code rather than the model.',
    cites: 'Server features › Tools › Error Handling',
  },
  {
    id: 'stdio',
    term: 'stdio',
    definition:
      'The transport where the client starts the server as a child process, writes messages to its stdin and reads messages from its stdout, one per line, each ended by a newline and never containing one. Nothing but MCP messages may appear on stdout; the server may log to stderr.',
    cites: 'Basic › Transports › stdio',
  },
  {
    id: 'streamable-http',
    term: 'streamable HTTP',
    definition:
      'The transport for a server that runs as its own service: one HTTP endpoint where the client POSTs every message it sends and may GET a stream of server messages. The server answers a request with a single JSON body or with an SSE stream that ends with the response.',
    cites: 'Basic › Transports › Streamable HTTP',
  },
  {
    id: 'sse',
    term: 'SSE',
    definition:
      'Server-sent events: the web’s format for a stream of events in one HTTP response (`Content-Type: text/event-stream`, `data:` lines, a blank line after each event). Streamable HTTP uses it to send several messages in answer to one request. It also names the older HTTP+SSE transport, deprecated since 2025-03-26.',
    source: {
      title: 'HTML Standard › Server-sent events',
      href: 'https://html.spec.whatwg.org/multipage/server-sent-events.html',
    },
  },
  {
    id: 'json-rpc',
    term: 'JSON-RPC',
    definition:
      'JSON-RPC 2.0, a small remote procedure call protocol: requests, responses and notifications as JSON objects that carry `"jsonrpc": "2.0"`. MCP uses its message format and error codes, and adds no envelope of its own.',
    source: { title: 'JSON-RPC 2.0 Specification', href: 'https://www.jsonrpc.org/specification' },
  },
  {
    id: 'tap',
    term: 'tap',
    definition:
      'A relay that a client starts in place of a stdio server: it starts the real server, passes every byte between the two unchanged in both directions, and keeps a copy of each marked with its direction. Neither side can tell it is there; the course records every session through one.',
    cites: 'Basic › Transports › stdio',
  },
  {
    id: 'client-info',
    term: 'clientInfo',
    definition:
      'The name and version (and optionally a title) a client gives for its implementation in the initialize request; the server answers with serverInfo. A label for logs and workarounds, not proof of identity: any program can send any name.',
    cites: 'Basic › Lifecycle › Initialization',
  },
  {
    id: 'inherited-environment',
    term: 'inherited environment',
    definition:
      'The environment variables a stdio server starts with: whatever its host passes to the child process. The TypeScript SDK’s stdio client passes only a short list (HOME, LOGNAME, PATH, SHELL, TERM, USER on Linux and macOS) plus what the host adds with env, so a key in the host’s own environment does not reach the server by itself.',
    cites: 'Basic › Authorization › Protocol Requirements',
  },
  {
    id: 'handshake',
    term: 'handshake',
    definition:
      'The three messages that open a session: the client’s `initialize` request (the protocol version it offers, its capabilities, `clientInfo`), the server’s result (the version it chose, its capabilities, `serverInfo`, maybe `instructions`), and the client’s `notifications/initialized`. Until the result has arrived the client sends nothing but pings.',
    cites: 'Basic › Lifecycle › Initialization',
  },
  {
    id: 'protocol-version',
    term: 'protocol version',
    definition:
      'The revision of MCP a session speaks, named by its date (`2025-11-25`, `2025-06-18`, …). The client offers the newest it speaks in `initialize`; the server answers with the same one if it speaks it, else with one of its own, and a client that cannot speak the answer disconnects. Over streamable HTTP every later request repeats it in the `MCP-Protocol-Version` header.',
    cites: 'Basic › Lifecycle › Version Negotiation',
  },
  {
    id: 'input-schema',
    term: 'input schema',
    definition:
      'The JSON Schema in a tool’s `tools/list` entry that says what `arguments` a `tools/call` must carry. Without a `$schema` member it is read as JSON Schema 2020-12. Arguments that do not fit it are reported as a tool error, so the model can correct itself.',
    cites: 'Server features › Tools › Tool',
  },
  {
    id: 'output-schema',
    term: 'output schema',
    definition:
      'An optional JSON Schema in a tool’s `tools/list` entry describing the `structuredContent` its results will carry. A server that declares one must send structured results that match it; a client should check that they do.',
    cites: 'Server features › Tools › Output Schema',
  },
  {
    id: 'structured-content',
    term: 'structured content',
    definition:
      'The `structuredContent` member of a tool result: the answer as a JSON object for programs, beside the `content` blocks written for the model. A tool that sends it should also put the same JSON in a text block.',
    cites: 'Server features › Tools › Structured Content',
  },
  {
    id: 'tool-annotation',
    term: 'tool annotation',
    definition:
      'A hint in a tool’s `tools/list` entry about how it behaves: `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint` (and a `title`). A client may use them to decide when to ask the user, but must treat them as untrusted unless it trusts the server.',
    cites: 'Server features › Tools › Tool',
  },
  {
    id: 'content-block',
    term: 'content block',
    definition:
      'One item of a tool result’s `content` list, told apart by its `type`: `text`, `image` and `audio` (base64 `data` with a `mimeType`), `resource_link` (a URI to fetch) and `resource` (a resource embedded whole).',
    cites: 'Server features › Tools › Tool Result',
  },
  {
    id: 'resource-link',
    term: 'resource link',
    definition:
      'A content block of type `resource_link`: a `uri`, a `name` and optionally a `mimeType`, pointing at a resource the client can read with `resources/read` instead of carrying its contents in the result.',
    cites: 'Server features › Tools › Resource Links',
  },
  {
    id: 'embedded-resource',
    term: 'embedded resource',
    definition:
      'A content block of type `resource` that carries a resource’s contents inside the tool result: a `uri`, a `mimeType`, and either `text` or base64 `blob`.',
    cites: 'Server features › Tools › Embedded Resources',
  },
  {
    id: 'resource',
    term: 'resource',
    definition:
      'Data a server offers to be read, named by a URI (`orders://PT-1041`). The client (or the user through it) decides when to read it with `resources/read`; the result holds `contents`, each text or base64 `blob` with its `mimeType`.',
    cites: 'Server features › Resources',
  },
  {
    id: 'resource-template',
    term: 'resource template',
    definition:
      'A URI pattern with named parts (RFC 6570), such as `orders://{order_id}`, that stands for many resources at once. Listed by `resources/templates/list`; a client fills in the parts and reads the resulting URI.',
    cites: 'Server features › Resources › Resource Templates',
  },
  {
    id: 'subscription',
    term: 'subscription',
    definition:
      'A client’s standing request to hear when one resource changes: `resources/subscribe` with its URI, offered only by servers that declare the `subscribe` capability. The server then sends `notifications/resources/updated` with the URI alone; the client reads the resource again to learn what changed, until `resources/unsubscribe` or the end of the session.',
    cites: 'Server features › Resources › Subscriptions',
  },
  {
    id: 'cursor',
    term: 'cursor',
    definition:
      'An opaque string a server returns as `nextCursor` when a list has more pages; the client sends it back unchanged as `params.cursor` to get the next page. No `nextCursor` means the last page. Clients must not parse, build or keep cursors across sessions.',
    cites: 'Server features › Utilities › Pagination',
  },
  {
    id: 'prompt',
    term: 'prompt',
    definition:
      'A message template a server offers for the user to pick, with named arguments. `prompts/get` with the arguments returns `messages`, each a `role` and `content`, ready to hand to the model.',
    cites: 'Server features › Prompts',
  },
  {
    id: 'completion',
    term: 'completion',
    definition:
      'Suggestions for an argument while the user types it: `completion/complete` names a prompt or resource template (`ref`), the argument and its partial value, and gets back up to 100 `values`, with `total` and `hasMore`. Offered by servers that declare the `completions` capability.',
    cites: 'Server features › Utilities › Completion',
  },
  {
    id: 'progress-token',
    term: 'progress token',
    definition:
      'A string or integer a request carries in `params._meta.progressToken` to ask for progress. The receiver may then send `notifications/progress` with that token, a `progress` value that grows with every step, and optionally `total` and a human-readable `message`. Tokens must be unique among the requests in flight.',
    cites: 'Basic › Utilities › Progress',
  },
  {
    id: 'cancellation',
    term: 'cancellation',
    definition:
      'Telling the other side to stop work on a request you sent: the notification `notifications/cancelled` with its `requestId` and an optional `reason`. The receiver should stop and send no response, but may finish anyway (the request was done, or cannot be stopped), so the sender ignores any response that still arrives. A client never cancels `initialize`.',
    cites: 'Basic › Utilities › Cancellation',
  },
  {
    id: 'log-level',
    term: 'log level',
    definition:
      'One of the eight syslog severities of RFC 5424, from `debug` through `info`, `notice`, `warning`, `error`, `critical` and `alert` to `emergency`. A server with the `logging` capability sends `notifications/message` with a level, an optional `logger` name and `data`; a client sets the lowest level it wants with `logging/setLevel`.',
    cites: 'Server features › Utilities › Logging',
  },
  {
    id: 'list-changed',
    term: 'list_changed',
    definition:
      'A notification with no params (`notifications/tools/list_changed`, and the same for prompts and resources) that a server sends when what its list method returns has changed. It says only that the list changed; the client lists again to learn how. A server promises to send it with `listChanged: true` in the capability.',
    cites: 'Server features › Tools › List Changed Notification',
  },
  {
    id: 'stray-line',
    term: 'stray line',
    definition:
      'A line on a stdio server’s stdout that is not a JSON-RPC message: a banner, a log line, a child process’s output, a progress bar. The client has to read it as a message, fails, and (with the TypeScript SDK) drops it. Text written without a newline is worse: it becomes the start of the next message’s line, and that message is lost with it.',
    cites: 'Basic › Transports › stdio',
  },
  {
    id: 'inherited-stdio',
    term: 'inherited stdio',
    definition:
      "A child process started with `stdio: 'inherit'` (Node) gets its parent’s own file descriptors: whatever it prints goes straight into the parent’s stdout, past any console patch or logger in the parent. In a stdio MCP server that stdout is the frame stream.",
    cites: 'Basic › Transports › stdio',
  },
  {
    id: 'line-reader',
    term: 'line reader',
    definition:
      'The part of a stdio transport that turns a byte stream into messages: it buffers bytes until a newline, parses the line as JSON and checks it against the message schemas. The TypeScript SDK’s reader (ReadBuffer) strips one trailing carriage return, reports a line it cannot parse to onerror and carries on, and gives up on more than 10 MiB without a newline.',
    cites: 'Basic › Transports › stdio',
  },
  {
    id: 'session-id',
    term: 'session id',
    definition:
      'The value a streamable HTTP server puts in the `Mcp-Session-Id` header of its answer to `initialize`. The client sends it back on every later request; a request without it gets 400, one with an id the server no longer knows gets 404, and `DELETE` with it ends the session.',
    cites: 'Basic › Transports › Streamable HTTP › Session Management',
  },
  {
    id: 'get-stream',
    term: 'GET stream',
    definition:
      'An SSE stream the client opens with `GET` on the MCP endpoint, for server messages that answer no request of the client (notifications, server requests). A server that offers none answers `405 Method Not Allowed`.',
    cites: 'Basic › Transports › Streamable HTTP › Listening for Messages from the Server',
  },
  {
    id: 'priming-event',
    term: 'priming event',
    definition:
      'The first event of a resumable SSE stream: an `id:` and an empty `data:` (often with `retry:`), sent before any message. It hands the client an event id to resume from even if the stream drops before its first real message.',
    cites: 'Basic › Transports › Streamable HTTP › Sending Messages to the Server',
  },
  {
    id: 'resumption',
    term: 'resumption',
    definition:
      'Picking up an SSE stream that ended early: the client sends `GET` with `Last-Event-ID` set to the id of the last event it received, and the server replays what that stream sent after it, then carries on. Part of the 2025-11-25 revision; the 2026-07-28 revision has no sessions and no resumption.',
    cites: 'Basic › Transports › Streamable HTTP › Resumability and Redelivery',
  },
  {
    id: 'protocol-revision',
    term: 'protocol revision',
    definition:
      'One dated edition of the MCP specification, such as 2025-11-25 or 2026-07-28. Its date is the protocol version a client and server put on the wire. Revisions before 2026-07-28 open with `initialize`; 2026-07-28 and later carry the version on every request.',
    cites: {
      section: 'Basic › Versioning and Compatibility › Protocol Version Negotiation',
      revision: '2026-07-28',
    },
  },
  {
    id: 'request-envelope',
    term: 'request envelope',
    definition:
      'In 2026-07-28, the reserved keys every request carries in `params._meta`: `io.modelcontextprotocol/protocolVersion` and `…/clientCapabilities` (required) and `…/clientInfo` (recommended). They replace what `initialize` used to settle once for a whole session.',
    cites: { section: 'Basic › Overview › General fields', revision: '2026-07-28' },
  },
  {
    id: 'server-discover',
    term: 'server/discover',
    definition:
      'The 2026-07-28 request that asks a server which protocol versions it supports, what it can do and who it is. Servers must answer it; clients may send it first. On stdio it doubles as the probe that tells a new server from one that expects `initialize`.',
    cites: { section: 'Server features › Discovery', revision: '2026-07-28' },
  },
  {
    id: 'result-type',
    term: 'resultType',
    definition:
      'A member every 2026-07-28 result carries: `"complete"` for an ordinary answer, `"input_required"` when the server needs something from the client before it can finish. A result from an older server without it counts as complete.',
    cites: { section: 'Basic › Multi Round-Trip Requests', revision: '2026-07-28' },
  },
  {
    id: 'input-required',
    term: 'input-required result',
    definition:
      'A 2026-07-28 result (`resultType: "input_required"`) that lists `inputRequests` (elicitations, sampling, roots) and may carry an opaque `requestState`. The client fulfils them and sends the original request again, under a new id, with `inputResponses` and the same `requestState`. It replaces requests from server to client.',
    cites: { section: 'Basic › Multi Round-Trip Requests', revision: '2026-07-28' },
  },
  {
    id: 'legacy-client',
    term: 'legacy client',
    definition:
      'A client that opens with `initialize` (2025-11-25 and earlier). A server that also speaks 2026-07-28 may serve it as before or refuse it; a client that speaks both is called dual-era.',
    cites: {
      section:
        'Basic › Versioning and Compatibility › Backward Compatibility with Initialization-Based Versions',
      revision: '2026-07-28',
    },
  },
  {
    id: 'resource-server',
    term: 'resource server',
    definition:
      'The OAuth role a protected MCP server plays over HTTP: it accepts requests that carry an access token issued for it, and refuses the rest with 401 or 403. It does not issue tokens; an authorization server does.',
    cites: 'Basic › Authorization › Roles',
  },
  {
    id: 'authorization-server',
    term: 'authorization server',
    definition:
      'The OAuth party that signs users in and issues access tokens for a resource server. An MCP server names its authorization servers in its Protected Resource Metadata; it may be the same host or another one.',
    cites: 'Basic › Authorization › Roles',
  },
  {
    id: 'access-token',
    term: 'access token',
    definition:
      'A credential the authorization server issues to a client for one resource, with scopes and an expiry. The client sends it as `Authorization: Bearer <token>` on every HTTP request, never in the URL.',
    cites: 'Basic › Authorization › Token Requirements',
  },
  {
    id: 'protected-resource-metadata',
    term: 'Protected Resource Metadata',
    definition:
      'A JSON document (RFC 9728) a resource server publishes under `/.well-known/oauth-protected-resource`: its canonical `resource` URL, the `authorization_servers` that issue tokens for it, and the scopes it knows. A 401 points at it with `resource_metadata`.',
    cites: 'Basic › Authorization › Protected Resource Metadata Discovery Requirements',
  },
  {
    id: 'audience',
    term: 'audience',
    definition:
      'The resource a token was issued for: the client names it with the `resource` parameter (RFC 8707) and the token carries it (in a JWT, the `aud` claim). A resource server accepts only tokens whose audience is its own canonical URL.',
    cites: 'Basic › Authorization › Token Audience Binding and Validation',
  },
  {
    id: 'scope',
    term: 'scope',
    definition:
      'A named permission a token carries (here `orders:read`). A valid token without the scope a request needs gets 403 with `error="insufficient_scope"` and the `scope` to ask for; the client then asks for a new token with it (step-up).',
    cites: 'Basic › Authorization › Runtime Insufficient Scope Errors',
  },
  {
    id: 'pkce',
    term: 'PKCE',
    definition:
      'Proof Key for Code Exchange: the client sends a hash of a secret (`code_challenge`, S256) when it asks for an authorization code, and the secret itself (`code_verifier`) when it trades the code for a token, so a stolen code is useless.',
    cites: 'Basic › Authorization › Authorization Code Protection',
  },
  {
    id: 'token-passthrough',
    term: 'token passthrough',
    definition:
      'An MCP server forwarding the token its client sent to another service. Forbidden: that token was issued for the MCP server, and the service behind it must get a token of its own.',
    cites: 'Security Best Practices › Token Passthrough',
  },
  {
    id: 'dns-rebinding',
    term: 'DNS rebinding',
    definition:
      "An attack in which a web page makes its own host name resolve to 127.0.0.1, so the browser sends its requests to a server on your machine. The requests carry the page's host name in Host; Origin comes with a cross-origin request or a POST, but not with a same-origin GET. So a server checks Host on every request, and Origin whenever there is one, and refuses a foreign one with 403.",
    cites: 'Basic › Transports › Streamable HTTP › Security Warning',
  },
  {
    id: 'server-request',
    term: 'server request',
    definition:
      'A request the server sends to the client (elicitation/create, sampling/createMessage, roots/list, ping). It carries an id the server numbers itself, independently of the client’s ids, and the client answers it with a response carrying that id.',
    cites: 'Basic › Messages',
  },
  {
    id: 'elicitation',
    term: 'elicitation',
    definition:
      'A server asking the user, through the client, for input: in form mode a message and a flat requestedSchema, answered with action accept (with content), decline or cancel; in URL mode a link the user opens outside the client. The client declares the elicitation capability to receive it.',
    cites: 'Client › Elicitation',
  },
  {
    id: 'sampling',
    term: 'sampling',
    definition:
      'A server asking the client’s model for a completion with sampling/createMessage. The client, which declared the sampling capability, keeps control: it may show, change or refuse the request.',
    cites: 'Client › Sampling',
  },
  {
    id: 'roots',
    term: 'roots',
    definition:
      'The file:// locations a client lets a server work in, listed on request with roots/list; a client that declared roots.listChanged announces changes with notifications/roots/list_changed.',
    cites: 'Client › Roots',
  },
];

export const glossary: readonly GlossaryEntry[] = parseGlossary(
  entries,
  'components/teaching/glossary.ts',
  sections,
);

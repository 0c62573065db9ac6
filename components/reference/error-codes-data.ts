// The error codes a reader of MCP frames meets, in one place: the ErrorCodes table, the
// transcripts' badge tooltips and anything else that names a code read from here. Checked by
// error-codes.ts when the site builds. Plain data on purpose: the workbench's live frame pane
// names codes from it too, and must not carry zod into the page to do so. Text may mark code with `backticks`; nothing else.
// What SDK 1.32.2 does was read from its source (server/mcp.js, the streamable HTTP
// transport) and, where a lesson shows it, captured from Paper Trail.
export const ERROR_CODES_FILE = 'components/reference/error-codes-data.ts';

/** One entry; error-codes.ts adds the rules a type cannot say (URLs, no empty text, no repeats). */
export interface ErrorCodeRow {
  code: number;
  name: string;
  origin: 'JSON-RPC 2.0' | 'MCP 2025-11-25' | 'MCP 2026-07-28';
  /** The section that defines the code. */
  spec: string;
  sender: string;
  meaning: string;
  /** What SDK 1.32.2 does about it, where that differs from the spec or needs saying. */
  sdk: string;
}

export const errorCodeData: readonly ErrorCodeRow[] = [
  {
    code: -32700,
    name: 'Parse error',
    origin: 'JSON-RPC 2.0',
    spec: 'https://www.jsonrpc.org/specification#error_object',
    sender: 'the receiver of the bytes (in practice the server)',
    meaning: 'The message could not be parsed as JSON.',
    sdk: 'Over stdio never sent: a line that is not JSON is dropped and reported to `onerror` only, so the sender gets no reply. Over streamable HTTP: `400` with -32700 for a body that is not JSON or not a JSON-RPC message.',
  },
  {
    code: -32600,
    name: 'Invalid Request',
    origin: 'JSON-RPC 2.0',
    spec: 'https://www.jsonrpc.org/specification#error_object',
    sender: 'the receiver of the request',
    meaning: 'The JSON is not a valid request object.',
    sdk: 'Over stdio never sent: a frame without `"jsonrpc":"2.0"`, with `"id": null` or with an unknown member is dropped without a reply. Over streamable HTTP: `400` with -32600 for a second `initialize` on a session or an oversized batch.',
  },
  {
    code: -32601,
    name: 'Method not found',
    origin: 'JSON-RPC 2.0',
    spec: 'https://www.jsonrpc.org/specification#error_object',
    sender: 'the receiver of the request',
    meaning: 'This peer has no method of that name.',
    sdk: 'Sent as specified: Paper Trail answers `orders/cancel` with it.',
  },
  {
    code: -32602,
    name: 'Invalid params',
    origin: 'JSON-RPC 2.0',
    spec: 'https://www.jsonrpc.org/specification#error_object',
    sender: 'the receiver of the request',
    meaning: 'The method exists, but its params are wrong.',
    sdk: 'Also sent for a resource that does not exist, where the spec says -32002. An unknown tool, or arguments that fail the tool’s input schema, get no error at all: an `isError` result whose text starts `MCP error -32602`.',
  },
  {
    code: -32603,
    name: 'Internal error',
    origin: 'JSON-RPC 2.0',
    spec: 'https://www.jsonrpc.org/specification#error_object',
    sender: 'the receiver of the request',
    meaning: 'The receiver failed while handling the request.',
    sdk: 'Also sent for a `tools/call` without `params.name`, and for `logging/setLevel` with a level that does not exist, each with zod’s list of issues as the message, where -32602 would fit (the logging section asks for it by name).',
  },
  {
    code: -32002,
    name: 'Resource not found',
    origin: 'MCP 2025-11-25',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling',
    sender: 'the server',
    meaning: '`resources/read` named a URI the server does not have.',
    sdk: 'Never sent by the SDK itself: for a URI no resource or template matches it answers -32602 (Invalid params). A server’s own template handler can send it, as Paper Trail’s does with `--live`. The 2026-07-28 revision adopts -32602.',
  },
  {
    code: -32042,
    name: 'URL elicitation required',
    origin: 'MCP 2025-11-25',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#error-handling',
    sender: 'the server',
    meaning:
      'The request needs the user to complete a URL-mode elicitation first; `error.data` lists them.',
    sdk: 'Sent as specified: a tool that throws `UrlElicitationRequiredError` gets a real error, the one thrown error that `McpServer` does not turn into an `isError` result.',
  },
  {
    code: -32020,
    name: 'Header mismatch',
    origin: 'MCP 2026-07-28',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation',
    sender: 'the server (streamable HTTP only)',
    meaning:
      'An HTTP header (`Mcp-Method`, `Mcp-Name`, `MCP-Protocol-Version`) is missing or says something other than the JSON-RPC body.',
    sdk: 'Never sent by SDK 1.32.2, which speaks 2025-11-25 only. The v2 SDK 2.4.0 answers it with HTTP `400` and names the disagreement in `error.data.mismatch` (lesson 11).',
  },
  {
    code: -32021,
    name: 'Missing required client capability',
    origin: 'MCP 2026-07-28',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes',
    sender: 'the server',
    meaning:
      'Handling the request needs a capability the request’s `_meta` does not declare; `error.data.requiredCapabilities` says which.',
    sdk: 'Never sent by SDK 1.32.2. The v2 SDK 2.4.0 sends it when a handler asks for input (an elicitation) the request did not declare it can give; over HTTP with status `400`.',
  },
  {
    code: -32022,
    name: 'Unsupported protocol version',
    origin: 'MCP 2026-07-28',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#protocol-version-negotiation',
    sender: 'the server',
    meaning:
      'The request names a protocol version the server does not serve; `error.data.supported` lists the ones it does, `requested` repeats the one asked for.',
    sdk: 'Never sent by SDK 1.32.2 (in 2025-11-25 the server answers `initialize` with a version of its own). The v2 SDK 2.4.0 sends it to an unknown version and, in `legacy: reject` mode, to `initialize`; over HTTP with status `400`.',
  },
];

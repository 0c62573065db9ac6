// Classify one JSON-RPC response from an MCP server, and say what the model gets to see.
export type Kind = 'ok' | 'tool-error' | 'protocol-error';

export interface Outcome {
  kind: Kind;
  /** The text to hand the model, or null when the model gets nothing from this response. */
  forModel: string | null;
}

export interface Content {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface Response {
  jsonrpc: '2.0';
  id?: string | number;
  result?: { content?: Content[]; isError?: boolean; [key: string]: unknown };
  error?: { code: number; message: string; data?: unknown };
}

export function classify(response: Response): Outcome {
  // TODO: tell a protocol error, a tool error and a success apart, and pick what the model
  // should read from the response (if anything).
  void response;
  return { kind: 'ok', forModel: null };
}

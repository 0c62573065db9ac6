// Classify one JSON-RPC response from an MCP server.
export type Outcome = 'ok' | 'tool-error' | 'protocol-error';

export interface Response {
  jsonrpc: '2.0';
  id?: string | number;
  result?: { isError?: boolean; [key: string]: unknown };
  error?: { code: number; message: string; data?: unknown };
}

export function classify(response: Response): Outcome {
  // TODO: tell a protocol error, a tool error and a success apart.
  void response;
  return 'ok';
}

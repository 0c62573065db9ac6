// Classify one JSON-RPC response from an MCP server.
export type Outcome = 'ok' | 'tool-error' | 'protocol-error';

export interface Response {
  jsonrpc: '2.0';
  id?: string | number;
  result?: { isError?: boolean; [key: string]: unknown };
  error?: { code: number; message: string; data?: unknown };
}

export function classify(response: Response): Outcome {
  // The request failed: there is no result at all.
  if (response.error !== undefined) return 'protocol-error';
  // The request worked and the tool says it failed; only true counts.
  if (response.result?.isError === true) return 'tool-error';
  return 'ok';
}

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
  // The request failed: there is no result, so nothing for the model; the host handles it.
  if (response.error !== undefined) return { kind: 'protocol-error', forModel: null };
  const result = response.result ?? {};
  // A failed tool's text is the model's to read, just like a success's: it can recover.
  const forModel = (result.content ?? [])
    .filter((item) => item.type === 'text')
    .map((item) => item.text)
    .join('\n');
  // The tool says it failed; only true counts.
  return { kind: result.isError === true ? 'tool-error' : 'ok', forModel };
}

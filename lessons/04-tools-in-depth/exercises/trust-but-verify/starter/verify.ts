// Decide what the model is handed after a tools/call: verified structured data, the text
// content, a tool error, or nothing at all.

export interface Tool {
  name: string;
  outputSchema?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Content {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface Response {
  jsonrpc: '2.0';
  id?: string | number;
  result?: {
    content?: Content[];
    structuredContent?: unknown;
    isError?: boolean;
    [key: string]: unknown;
  };
  error?: { code: number; message: string; data?: unknown };
}

export type Handoff =
  | { kind: 'structured'; data: unknown }
  | { kind: 'text'; text: string; note?: string }
  | { kind: 'tool-error'; text: string }
  | { kind: 'none' };

export function verify(tool: Tool, response: Response): Handoff {
  // TODO: a protocol error, a tool error, structured data that keeps the tool's promise, and
  // everything else each get a different handoff. See task.md.
  void tool;
  return { kind: 'structured', data: response.result?.structuredContent };
}

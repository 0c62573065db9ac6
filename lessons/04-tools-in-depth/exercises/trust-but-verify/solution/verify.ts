// Decide what the model is handed after a tools/call: verified structured data, the text
// content, a tool error, or nothing at all.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

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

const validator = new AjvJsonSchemaValidator();

function textOf(content: Content[] = []): string {
  return content
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n');
}

export function verify(tool: Tool, response: Response): Handoff {
  // A protocol error is the client's to handle: the request never reached a tool.
  if (response.error !== undefined || response.result === undefined) return { kind: 'none' };
  const { content, structuredContent, isError } = response.result;
  const text = textOf(content);
  // The tool failed: whatever else the result holds, the model reads why.
  if (isError === true) return { kind: 'tool-error', text };
  // No schema, nothing to verify against: the text is the answer.
  if (tool.outputSchema === undefined) return { kind: 'text', text };
  if (structuredContent === undefined) {
    return {
      kind: 'text',
      text,
      note: `${tool.name} declares an outputSchema but sent no structuredContent`,
    };
  }
  const check = validator.getValidator(tool.outputSchema)(structuredContent);
  if (check.valid) return { kind: 'structured', data: structuredContent };
  return {
    kind: 'text',
    text,
    note: `structured data dropped: it breaks ${tool.name}'s outputSchema (${check.errorMessage})`,
  };
}

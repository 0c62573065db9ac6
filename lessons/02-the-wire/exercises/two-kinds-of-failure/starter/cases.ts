// The requests drive.ts sends to Paper Trail, and hand-made responses that a server could
// send but Paper Trail does not. Read-only: the checker judges from the real frames.

export interface LiveCase {
  name: string;
  method: string;
  params?: Record<string, unknown>;
}

export const liveCases: LiveCase[] = [
  {
    name: 'found order',
    method: 'tools/call',
    params: { name: 'order_status', arguments: { order_id: 'PT-1041' } },
  },
  {
    name: 'missing order',
    method: 'tools/call',
    params: { name: 'order_status', arguments: { order_id: 'PT-9999' } },
  },
  {
    name: 'unknown tool',
    method: 'tools/call',
    params: { name: 'cancel_order', arguments: { order_id: 'PT-1041' } },
  },
  {
    name: 'args instead of arguments',
    method: 'tools/call',
    params: { name: 'order_status', args: { order_id: 'PT-1041' } },
  },
  {
    name: 'tools/call without a name',
    method: 'tools/call',
    params: { arguments: { order_id: 'PT-1041' } },
  },
  { name: 'unknown method', method: 'orders/list', params: {} },
  { name: 'unknown resource', method: 'resources/read', params: { uri: 'paper-trail://nowhere' } },
  { name: 'tools/list', method: 'tools/list', params: {} },
  { name: 'ping', method: 'ping' },
];

export interface EdgeCase {
  name: string;
  response: Record<string, unknown>;
}

export const edgeCases: EdgeCase[] = [
  {
    name: 'explicit isError: false',
    response: {
      jsonrpc: '2.0',
      id: 'e1',
      result: { content: [{ type: 'text', text: 'PT-1041 shipped' }], isError: false },
    },
  },
  {
    name: 'result text that mentions an error',
    response: {
      jsonrpc: '2.0',
      id: 'e2',
      result: {
        content: [{ type: 'text', text: 'Error log is empty: no errors in the last 24 h' }],
      },
    },
  },
  {
    name: 'error object with data',
    response: {
      jsonrpc: '2.0',
      id: 'e3',
      error: {
        code: -32602,
        message: 'Invalid params',
        data: { field: 'order_id', reason: 'missing' },
      },
    },
  },
  {
    name: 'URL elicitation required (-32042)',
    response: {
      jsonrpc: '2.0',
      id: 'e4',
      error: { code: -32042, message: 'Sign-in required', data: { elicitations: [] } },
    },
  },
  {
    name: 'tool error with structured content',
    response: {
      jsonrpc: '2.0',
      id: 'e5',
      result: {
        content: [{ type: 'text', text: 'carrier API unreachable' }],
        structuredContent: { retryable: true },
        isError: true,
      },
    },
  },
  {
    name: 'two text items',
    response: {
      jsonrpc: '2.0',
      id: 'e6',
      result: {
        content: [
          { type: 'text', text: 'PT-1041 shipped on 2026-03-02' },
          { type: 'text', text: 'Tracking: 1Z999AA10123456784' },
        ],
      },
    },
  },
  {
    name: 'image beside the text',
    response: {
      jsonrpc: '2.0',
      id: 'e7',
      result: {
        content: [
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'text', text: 'Shipping label for PT-1041' },
        ],
      },
    },
  },
  {
    name: 'tool error in two text items',
    response: {
      jsonrpc: '2.0',
      id: 'e8',
      result: {
        content: [
          { type: 'text', text: 'Order PT-0000 not found.' },
          { type: 'text', text: 'Order ids look like PT-1041.' },
        ],
        isError: true,
      },
    },
  },
];

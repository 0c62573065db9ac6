// The JSON-RPC frames the scripted sessions send. stdio and HTTP captures build their
// bodies here so the same call carries the same id and bytes on both transports, which
// is what lets a lesson set them side by side.

export const PROTOCOL_VERSION = '2025-11-25';
export const CLIENT_INFO = { name: 'paper-trail-capture', version: '1.0.0' } as const;

/** One JSON-RPC 2.0 frame as a line's text (without the newline). */
export const frame = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value });
/** A request frame; `params` is left out, not sent as undefined, when there are none. */
export const request = (id: number | string, method: string, params?: object) =>
  frame({ id, method, ...(params === undefined ? {} : { params }) });

export const initialize = frame({
  id: 1,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
});
export const initialized = frame({ method: 'notifications/initialized' });
export const toolsList = frame({ id: 2, method: 'tools/list' });
export const orderStatus = (id: number, orderId: string) =>
  frame({
    id,
    method: 'tools/call',
    params: { name: 'order_status', arguments: { order_id: orderId } },
  });
export const orderFound = orderStatus(3, 'PT-1041');
export const orderMissing = orderStatus(4, 'PT-9999');
export const unknownMethod = frame({
  id: 5,
  method: 'orders/cancel',
  params: { order_id: 'PT-1041' },
});
export const unknownTool = frame({
  id: 6,
  method: 'tools/call',
  params: { name: 'cancel_order', arguments: { order_id: 'PT-1041' } },
});
// Written by the client into the server's stdin, so it must not read like something the
// server printed: the lesson's point is that the client broke the stdin rule.
export const strayLine = 'not a JSON-RPC frame: stray text from the client';
export const ping = frame({ id: 7, method: 'ping' });
export const trackShipment = frame({
  id: 2,
  method: 'tools/call',
  params: {
    name: 'track_shipment',
    arguments: { order_id: 'PT-1041' },
    _meta: { progressToken: 'track-PT-1041' },
  },
});
// Two frames SDK 1.32.2 treats differently from what plain JSON-RPC would lead you to
// expect: a misspelt member (`parmas`) is dropped without a reply by its strict schemas,
// and a tools/call without a tool name gets -32603 (Internal error).
export const misspeltParams = frame({
  id: 8,
  method: 'tools/call',
  parmas: { name: 'order_status', arguments: { order_id: 'PT-1041' } },
});
export const callWithoutName = frame({
  id: 9,
  method: 'tools/call',
  params: { arguments: { order_id: 'PT-1041' } },
});

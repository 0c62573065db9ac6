// What drive.ts asks Paper Trail, and the responses it builds from a real one. Read-only:
// the checker judges your answers against the frames that really crossed the wire.

export interface LiveCase {
  name: string;
  /** The tool the call names; its tools/list entry is what verify() is given. */
  tool: string;
  /** Paper Trail started normally, with --buggy-output, or with --unchecked-output. */
  session: 'normal' | 'buggy' | 'unchecked';
  params: Record<string, unknown>;
}

const orderStatus = (order_id: unknown) => ({
  name: 'order_status',
  arguments: { order_id },
});

export const liveCases: LiveCase[] = [
  { name: 'PT-1041', tool: 'order_status', session: 'normal', params: orderStatus('PT-1041') },
  { name: 'PT-1017', tool: 'order_status', session: 'normal', params: orderStatus('PT-1017') },
  {
    name: 'missing order',
    tool: 'order_status',
    session: 'normal',
    params: orderStatus('PT-9999'),
  },
  {
    name: 'order_id as a number',
    tool: 'order_status',
    session: 'normal',
    params: orderStatus(42),
  },
  {
    name: 'shipping label',
    tool: 'shipping_label',
    session: 'normal',
    params: { name: 'shipping_label', arguments: { order_id: 'PT-1017' } },
  },
  {
    name: 'unknown tool',
    tool: 'cancel_order',
    session: 'normal',
    params: { name: 'cancel_order', arguments: { order_id: 'PT-1041' } },
  },
  {
    name: 'no tool name',
    tool: 'order_status',
    session: 'normal',
    params: { arguments: { order_id: 'PT-1041' } },
  },
  {
    name: 'buggy PT-1041',
    tool: 'order_status',
    session: 'buggy',
    params: orderStatus('PT-1041'),
  },
  {
    name: 'buggy PT-1017',
    tool: 'order_status',
    session: 'buggy',
    params: orderStatus('PT-1017'),
  },
  {
    name: 'unchecked PT-1041',
    tool: 'order_status',
    session: 'unchecked',
    params: orderStatus('PT-1041'),
  },
  {
    name: 'unchecked PT-1017',
    tool: 'order_status',
    session: 'unchecked',
    params: orderStatus('PT-1017'),
  },
];

type Json = Record<string, unknown>;

/** A one-pixel PNG: content a tool may send that is not text. */
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface EdgeCase {
  name: string;
  /** The tool whose tools/list entry verify() is given (order_status when absent). */
  tool?: string;
  /** What a server that does not check its own output (unlike SDK 1.32.2) could send. */
  build(real: Json): Json;
}

/** The real PT-1041 response with its structuredContent changed by `change`. */
function withStructured(real: Json, change: (structured: Json) => Json | undefined): Json {
  const result = { ...(real.result as Json) };
  const changed = change({ ...(result.structuredContent as Json) });
  if (changed === undefined) delete result.structuredContent;
  else result.structuredContent = changed;
  return { ...real, id: `edge-${String(real.id)}`, result };
}

// Each is built from the order_status response Paper Trail really sent for PT-1041 in this
// run, so its data changes from run to run like the live answers do.
export const edgeCases: EdgeCase[] = [
  {
    name: 'eta as a number',
    build: (real) =>
      withStructured(real, (s) => ({ ...s, eta: Date.parse(`${String(s.eta)}T00:00:00Z`) })),
  },
  {
    name: 'status outside the enum',
    build: (real) => withStructured(real, (s) => ({ ...s, status: 'lost in transit' })),
  },
  {
    name: 'carrier missing',
    build: (real) =>
      withStructured(real, (s) => {
        delete s.carrier;
        return s;
      }),
  },
  {
    name: 'an extra field',
    build: (real) => withStructured(real, (s) => ({ ...s, warehouse: 'BLR-2' })),
  },
  {
    name: 'no structuredContent',
    build: (real) => withStructured(real, () => undefined),
  },
  {
    name: 'tool error with valid structured data',
    build: (real) => {
      const built = withStructured(real, (s) => s);
      const result = built.result as Json;
      result.content = [{ type: 'text', text: 'carrier API timed out; the data may be stale' }];
      result.isError = true;
      return built;
    },
  },
  {
    name: 'two text items and an image, data dropped',
    build: (real) => {
      const built = withStructured(real, (s) => ({ ...s, status: 'misrouted' }));
      const result = built.result as Json;
      result.content = [
        { type: 'text', text: 'The parcel was misrouted at the hub.' },
        { type: 'image', data: PIXEL, mimeType: 'image/png' },
        { type: 'text', text: 'A new ETA follows once the carrier has it.' },
      ];
      return built;
    },
  },
  {
    name: 'tool error in two text items',
    build: (real) => {
      const built = withStructured(real, () => undefined);
      const result = built.result as Json;
      result.content = [
        { type: 'text', text: 'The carrier did not answer.' },
        { type: 'text', text: 'Try again in a minute.' },
      ];
      result.isError = true;
      return built;
    },
  },
  {
    name: 'text tool with an image first',
    tool: 'shipping_label',
    build: (real) => ({
      jsonrpc: '2.0',
      id: `edge-${String(real.id)}-label`,
      result: {
        content: [
          { type: 'image', data: PIXEL, mimeType: 'image/png' },
          { type: 'text', text: 'Label for the parcel, 1 of 2.' },
          { type: 'resource_link', uri: 'paper-trail://labels/1', name: 'label-1' },
          { type: 'text', text: 'Print it at 100%.' },
        ],
      },
    }),
  },
  {
    name: 'structuredContent as a JSON string',
    build: (real) => {
      const built = withStructured(real, (s) => s);
      const result = built.result as Json;
      result.structuredContent = JSON.stringify(result.structuredContent);
      return built;
    },
  },
  {
    name: 'unknown tool as the spec words it',
    tool: 'cancel_order',
    build: (real) => ({
      jsonrpc: '2.0',
      id: `edge-${String(real.id)}-spec`,
      error: { code: -32602, message: 'Unknown tool: cancel_order' },
    }),
  },
];

/** Values of the wrong type, one after another, so that each field gets a different one. */
const WRONG: readonly unknown[] = [1041, null, ['shipped'], true];

/**
 * Cases drawn from a tool's outputSchema: for every property, a value of the wrong type, and
 * for every required one, the property left out (where the list above has no such case), so
 * a check that looks at some fields and not others is caught.
 */
export function schemaEdgeCases(outputSchema: unknown): EdgeCase[] {
  const schema = (outputSchema ?? {}) as Json;
  const properties = Object.keys((schema.properties ?? {}) as Json);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const named = new Set(edgeCases.map((c) => c.name));
  const drawn: EdgeCase[] = [];
  properties.forEach((key, i) => {
    const value = WRONG[i % WRONG.length];
    drawn.push({
      name: `${key} as ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}`,
      build: (real) => withStructured(real, (s) => ({ ...s, [key]: value })),
    });
  });
  for (const key of required) {
    drawn.push({
      name: `${key} missing`,
      build: (real) =>
        withStructured(real, (s) => {
          delete s[key];
          return s;
        }),
    });
  }
  return drawn.filter((c) => !named.has(c.name));
}

/** Every case built from the real PT-1041 answer: the list above, then the schema's own. */
export function allEdgeCases(outputSchema: unknown): EdgeCase[] {
  return [...edgeCases, ...schemaEdgeCases(outputSchema)];
}

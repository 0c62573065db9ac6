// A long session as raw JSON-RPC lines, for the viewer's browser test and its bench: tools/call
// requests, each followed by its result, every `errorEvery`-th of them a tool error.
export function toolCallLines(count: number, errorEvery: number): string[] {
  const lines: string[] = [];
  for (let id = 1; lines.length < count; id++) {
    lines.push(
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'order_status', arguments: { order_id: `PT-${id}` } },
      }),
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        result: {
          content: [{ type: 'text', text: 'no such order' }],
          isError: id % errorEvery === 0,
        },
      }),
    );
  }
  return lines;
}

// Lesson 4 (tools-in-depth.mdx) quotes its frames in prose: the draft-07 $schema, the
// annotations, the input-validation texts, the four content blocks, the output validation
// error. A re-capture that changes any of them would leave the prose wrong while every frame
// still renders; this test notices.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCapture } from '../../components/frames/capture.ts';

// The prose with its line breaks folded, so a quote may wrap.
const lesson = readFileSync('lessons/04-tools-in-depth/lesson.mdx', 'utf8').replace(/\s+/g, ' ');
const json = (capture: string, seq: number) =>
  JSON.parse(loadCapture(capture).views[seq]!.record.text) as unknown;

describe('frames quoted by tools-in-depth.mdx', () => {
  it('tools/list: draft-07 schemas, honest annotations, execution, no icons', () => {
    const list = json('stdio-session', 4) as { result: { tools: Array<Record<string, unknown>> } };
    const tools = list.result.tools;
    expect(tools.map((t) => t.name)).toEqual(['order_status', 'track_shipment', 'shipping_label']);
    for (const tool of tools) {
      expect((tool.inputSchema as { $schema: string }).$schema).toBe(
        'http://json-schema.org/draft-07/schema#',
      );
      expect(tool.annotations).toEqual({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.execution).toEqual({ taskSupport: 'forbidden' });
      expect(tool).not.toHaveProperty('icons');
    }
    expect(tools[0]!.outputSchema).toMatchObject({
      additionalProperties: false,
      required: ['order_id', 'status', 'carrier', 'eta'],
    });
    expect(lesson).toContain('"$schema": "http://json-schema.org/draft-07/schema#"');
  });

  it('input validation: order_id 42 and args for arguments are tool errors with these texts', () => {
    const number = json('stdio-tool-calls', 4) as { result: { content: [{ text: string }] } };
    expect(number.result.content[0].text).toContain('expected string, received number at order_id');
    const args = json('stdio-tool-calls', 6) as { result: { content: [{ text: string }] } };
    expect(args.result.content[0].text).toContain('expected string, received undefined');
    expect(lesson).toContain('`expected string, received number at order_id`');
    expect(lesson).toContain('`expected string, received undefined`');
  });

  it('shipping_label: text, image, resource_link and resource, in that order', () => {
    const label = json('stdio-tool-calls', 8) as { result: { content: Array<{ type: string }> } };
    expect(label.result.content.map((b) => b.type)).toEqual([
      'text',
      'image',
      'resource_link',
      'resource',
    ]);
    expect(lesson).toContain('"Shipping label for PT-1041 (Delhivery)"');
  });

  it('--buggy-output: an Output validation error about eta, with -32602 in the text', () => {
    const buggy = json('stdio-buggy-output', 4) as {
      result: { content: [{ text: string }]; isError: boolean };
    };
    expect(buggy.result.isError).toBe(true);
    expect(buggy.result.content[0].text).toMatch(
      /^MCP error -32602: Output validation error: .*expected string, received number at eta$/,
    );
  });

  it('--unchecked-output: the broken structured content reaches the client, text intact', () => {
    const unchecked = json('stdio-unchecked-output', 4) as {
      result: { content: [{ text: string }]; structuredContent: { eta: unknown }; isError?: true };
    };
    expect(unchecked.result.isError).toBeUndefined();
    expect(typeof unchecked.result.structuredContent.eta).toBe('number');
    expect(JSON.parse(unchecked.result.content[0].text).eta).toBe('2026-08-05');
  });

  // The quiz names its frames in the explanations (a frame on the right option alone would
  // give the answer away): by capture and the id of the call they answer.
  it('the quiz names the frames it relies on, by capture and the call they answer', () => {
    expect(lesson).toContain('(stdio-tool-calls, the reply to id 2)');
    expect(lesson).toContain('(stdio-buggy-output, the reply to id 2)');
  });
});
